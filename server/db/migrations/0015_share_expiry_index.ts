import { sql, type Kysely } from 'kysely';

/* The share expiry sweep (server/shares/shareExpirySweep.ts) finds live shares by expiry each second. */

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index shares_expiry on shares (expires_ms) where revoked_ms is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists shares_expiry`.execute(db);
}

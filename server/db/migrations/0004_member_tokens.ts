import { sql, type Kysely } from 'kysely';

/** Server-side secrets created on first start (the MemberIntegrationToken signing key). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table server_secrets (
      name text primary key,
      secret bytea not null,
      created_ms bigint not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists server_secrets`.execute(db);
}

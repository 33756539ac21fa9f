import { sql, type Kysely } from 'kysely';

/*
 * An e-mail change through UpdateUserAttributes waits for its verification (docs/decisions.md "An
 * e-mail address changes once verified"): `pending_email` holds the new address until
 * VerifyUserAttribute proves it, while `email` keeps the old one — Cognito's
 * AttributesRequireVerificationBeforeUpdate. The unique index stays on `email` alone, so an address
 * someone merely asked for holds nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table identity_users add column pending_email text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table identity_users drop column if exists pending_email`.execute(db);
}

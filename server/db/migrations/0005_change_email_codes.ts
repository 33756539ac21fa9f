import { sql, type Kysely } from 'kysely';

/** One-time codes may also confirm an e-mail change of the auth host (spec §7 change-email steps). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table identity_codes drop constraint if exists identity_codes_purpose_check;
    alter table identity_codes add constraint identity_codes_purpose_check
      check (purpose in ('sign_up', 'forgot_password', 'verify_email', 'verify_phone_number', 'change_email'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from identity_codes where purpose = 'change_email';
    alter table identity_codes drop constraint if exists identity_codes_purpose_check;
    alter table identity_codes add constraint identity_codes_purpose_check
      check (purpose in ('sign_up', 'forgot_password', 'verify_email', 'verify_phone_number'));
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/** The outbox: every e-mail and SMS the system sends (codes, alert notifications), stored first. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table outbox_messages (
      message_id bigint generated always as identity primary key,
      channel text not null check (channel in ('email', 'sms')),
      recipient text not null,
      subject text not null,
      body text not null,
      code text,
      created_ms bigint not null,
      delivered_ms bigint,
      delivery_error text
    );
    create index outbox_messages_recipient on outbox_messages (lower(recipient), created_ms desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists outbox_messages`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/*
 * Who was told about an alert (docs/activities.md "Contacts"): an alert's outbox messages name their
 * alert (`outbox_messages.alert_id`) and the person or organisation they went to as it was named then
 * (`recipient_name`: the contact's name, or the rescue organisation's), so an activity can list who
 * was told of its alerts, how, and whether it went out. Null for every other message (codes, notices)
 * and for alert messages stored before. An alert's removal leaves its messages, without the link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox_messages
      add column alert_id bigint references alerts on delete set null,
      add column recipient_name text;
    create index outbox_messages_alert on outbox_messages (alert_id) where alert_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists outbox_messages_alert;
    alter table outbox_messages drop column if exists alert_id, drop column if exists recipient_name;
  `.execute(db);
}

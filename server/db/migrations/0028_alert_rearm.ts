import { sql, type Kysely } from 'kysely';

/*
 * An alert a person closed (the wearer's close command, a guardian's or an operator's resolve) while
 * its condition lasts holds its type until the condition returns to normal (server/alerts/
 * alertState.ts `held`; docs/decisions.md "A person's close holds the alert until it clears"):
 * `rearmed_ms` is when that happened (epoch ms, device time), null while the hold lasts. The partial
 * index finds a member's holds without reading their alert history. `members.alert_holds_until_ms`
 * (epoch ms) keeps the ingest's alert watch on while a hold may last (the latest person's close plus
 * 24 h), read from the member row the ingest locks anyway rather than by another probe per device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alerts add column rearmed_ms bigint;
    alter table members add column alert_holds_until_ms bigint;
    create index alerts_held on alerts (member_id, alert_type, closed_ms desc)
      where close_state in ('CLOSED_BY_USER', 'CLOSED_BY_OPERATOR') and rearmed_ms is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists alerts_held;
    alter table members drop column if exists alert_holds_until_ms;
    alter table alerts drop column if exists rearmed_ms;
  `.execute(db);
}

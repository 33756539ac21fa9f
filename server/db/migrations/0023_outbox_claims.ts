import { sql, type Kysely } from 'kysely';

/*
 * Outbox claims (docs/decisions.md "Notifications and the outbox"): a delivery round claims the
 * messages it will hand over (`claimed_ms`, the claim's time, epoch ms) in one statement taken with
 * `for update skip locked`, so two server processes on one database, or a round and an identity
 * e-mail being sent at once, never hand the same message over twice. A claim older than the lease
 * (a process that died mid-round) may be taken again. The partial index serves the rounds' scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox_messages add column claimed_ms bigint;
    create index outbox_messages_pending on outbox_messages (message_id)
      where delivered_ms is null and delivery_error is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists outbox_messages_pending;
    alter table outbox_messages drop column if exists claimed_ms;
  `.execute(db);
}

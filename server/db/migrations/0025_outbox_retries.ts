import { sql, type Kysely } from 'kysely';

/*
 * Outbox retries (docs/decisions.md "Notifications and the outbox"): a hand-over that failed is tried
 * again after a growing wait (`next_attempt_ms`, epoch ms) until it has been tried
 * OUTBOX_MAX_ATTEMPTS times (`attempts`); only then is the message given up (`given_up_ms`, epoch
 * ms). `delivery_error` keeps the last failure's text. Until this migration the first failure was
 * final: messages that failed before it stay given up (at their creation time), none is sent again
 * unasked. The partial index of the rounds' scan follows the new meaning of pending.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table outbox_messages
      add column attempts integer not null default 0,
      add column next_attempt_ms bigint,
      add column given_up_ms bigint;
    update outbox_messages set given_up_ms = created_ms, attempts = 1
      where delivered_ms is null and delivery_error is not null;
    drop index if exists outbox_messages_pending;
    create index outbox_messages_pending on outbox_messages (message_id)
      where delivered_ms is null and given_up_ms is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists outbox_messages_pending;
    alter table outbox_messages
      drop column if exists attempts,
      drop column if exists next_attempt_ms,
      drop column if exists given_up_ms;
    create index outbox_messages_pending on outbox_messages (message_id)
      where delivered_ms is null and delivery_error is null;
  `.execute(db);
}

import { sql, type Kysely } from 'kysely';

/**
 * Messages to the wearer, device side (issue 5 item 4; app §3 "Message thread", §4 "Message delivery
 * status"; server/messages, docs/messages.md):
 * - `message_replies_once`: a reply is stored once per (message, received time, text), so a device
 *   re-sending the same reply after a lost answer adds nothing; its index also serves loading a
 *   message's replies in time order (there was no index on `message_id`). Duplicates a database may
 *   already hold are removed first, keeping the earliest row.
 * - `messages_unseen`: the messages of a thread the device has not seen yet, in sent order — what a
 *   device polls for (`POST /ingest/messages`); seen messages leave the index.
 * - `messages_times_ordered`: the times only move forward, sent ≤ delivered ≤ seen (the server clamps
 *   device times to keep it), and a seen message is also delivered; `messages_reply_options`: 1–4 reply
 *   options (shareViewing.ts messageSend).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from message_replies r
      using message_replies kept
      where kept.message_id = r.message_id
        and kept.received_ms = r.received_ms
        and kept.reply_text = r.reply_text
        and kept.message_reply_id < r.message_reply_id;
    alter table message_replies
      add constraint message_replies_once unique (message_id, received_ms, reply_text);

    create index messages_unseen on messages (message_thread_id, sent_ms, message_id)
      where seen_ms is null;

    alter table messages
      add constraint messages_times_ordered check (
        (delivered_ms is null or delivered_ms >= sent_ms)
        and (seen_ms is null or (delivered_ms is not null and seen_ms >= delivered_ms))
      ),
      add constraint messages_reply_options check (cardinality(reply_options) between 1 and 4);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table messages
      drop constraint if exists messages_reply_options,
      drop constraint if exists messages_times_ordered;
    drop index if exists messages_unseen;
    alter table message_replies drop constraint if exists message_replies_once;
  `.execute(db);
}

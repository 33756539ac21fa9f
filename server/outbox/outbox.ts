import type { OutboxMessage } from '../../src/api/dev';
import type { Db } from '../db/database';
import type { OutgoingMessage, Transport } from './transport';

/** A message to send, with the one-time code it carries (kept for the development outbox). */
export interface OutboxSend extends OutgoingMessage {
  readonly code?: string;
}

/** The outbox of ARCHITECTURE.md §2: every e-mail and SMS the system sends is stored, then delivered. */
export interface Outbox {
  /**
   * Stores the message, then hands it to the transport (when there is one). Delivery failures are
   * recorded on the message and logged, never thrown: the caller's operation has already committed.
   */
  send(message: OutboxSend): Promise<void>;
  /** Messages to `to` (case-insensitive; all when absent), newest first, at most `limit`. */
  list(to: string | undefined, limit: number): Promise<OutboxMessage[]>;
}

/**
 * Creates the outbox over the database. `transport` is null in the embedded mode: messages are only
 * stored, and read through `GET /api/dev/outbox`.
 */
export function createOutbox(
  db: Db,
  transport: Transport | null,
  log: { error: (obj: object, msg: string) => void },
  now: () => number = Date.now,
): Outbox {
  return {
    async send(message) {
      const row = await db
        .insertInto('outbox_messages')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.body,
          code: message.code ?? null,
          created_ms: now(),
        })
        .returning('message_id')
        .executeTakeFirstOrThrow();
      if (!transport) return;
      try {
        await transport.deliver(message);
        await db
          .updateTable('outbox_messages')
          .set({ delivered_ms: now() })
          .where('message_id', '=', row.message_id)
          .execute();
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log.error(
          { messageId: row.message_id, channel: message.channel },
          `delivery failed: ${reason}`,
        );
        await db
          .updateTable('outbox_messages')
          .set({ delivery_error: reason.slice(0, 500) })
          .where('message_id', '=', row.message_id)
          .execute();
      }
    },
    async list(to, limit) {
      let query = db
        .selectFrom('outbox_messages')
        .select(['recipient', 'channel', 'subject', 'body', 'code', 'created_ms'])
        .orderBy('created_ms', 'desc')
        .orderBy('message_id', 'desc')
        .limit(limit);
      if (to) query = query.where((eb) => eb(eb.fn('lower', ['recipient']), '=', to.toLowerCase()));
      const rows = await query.execute();
      return rows.map((r) => ({
        To: r.recipient,
        Channel: r.channel,
        Subject: r.subject,
        Body: r.body,
        Code: r.code,
        SentTimestamp: r.created_ms,
      }));
    },
  };
}

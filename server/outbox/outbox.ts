import { sql, type Kysely } from 'kysely';
import type { OutboxMessage } from '../../src/api/dev';
import type { Database } from '../db/schema';
import type { Db } from '../db/database';
import type { OutgoingMessage, Transport } from './transport';

/**
 * A message to send, with the one-time code it carries (kept for the development outbox); an alert
 * notification names its `alertId` and `recipientName` (the contact or rescue organisation it goes
 * to), so the activity can show who was told (docs/activities.md "Contacts").
 */
export interface OutboxSend extends OutgoingMessage {
  readonly code?: string;
  readonly alertId?: number;
  readonly recipientName?: string;
}

/** The outbox of ARCHITECTURE.md §2: every e-mail and SMS the system sends is stored, then delivered. */
export interface Outbox {
  /**
   * Stores the message, then hands it to the transport (when there is one). Delivery failures are
   * recorded on the message and logged, never thrown: the caller's operation has already committed;
   * the message is tried again by later rounds (see {@link OUTBOX_MAX_ATTEMPTS}).
   */
  send(message: OutboxSend): Promise<void>;
  /** Messages to `to` (case-insensitive; all when absent), newest first, at most `limit`. */
  list(to: string | undefined, limit: number): Promise<OutboxMessage[]>;
  /**
   * Hands the stored messages not yet delivered (see {@link storeOutboxMessages}) and due (a failed
   * one waits {@link outboxRetryDelayMs} before its next try, and is given up after
   * {@link OUTBOX_MAX_ATTEMPTS}) to the transport, oldest first, recording each delivery or failure;
   * does nothing without a transport. Answers how many were delivered and which alerts'
   * notifications got a result. Never throws for a delivery
   * failure. A round claims its messages first (see {@link OUTBOX_CLAIM_LEASE_MS}), so no other
   * round, in this or another server process on the same database, hands them over too; calls
   * made while a round runs share the one round that follows it.
   */
  deliverPending(): Promise<OutboxDelivery>;
}

/** What {@link Outbox.deliverPending} did. */
export interface OutboxDelivery {
  /** Messages the transport took. */
  readonly delivered: number;
  /**
   * The alerts (AlertID) with a notification among the messages tried, delivered or failed (each
   * once, in message order): their activity's Contacts tab shows a new state.
   */
  readonly alertIds: readonly number[];
}

/**
 * How long a claim on a message holds (ms): a delivery round or `send` claims a message before
 * handing it over; a claim older than this belongs to a process that died mid-delivery, and the
 * message may be claimed again (it may then reach its recipient twice; never zero times). A round
 * renews each message's claim just before handing it over, so the lease only has to outlast one
 * hand-over: the SMS gateway's 10 s timeout, nodemailer's longest (its 10-minute socket timeout).
 */
export const OUTBOX_CLAIM_LEASE_MS = 15 * 60_000;

/** Messages one claim takes; a round claims again while a claim comes back full. */
export const OUTBOX_CLAIM_BATCH = 50;

/**
 * Hand-overs a message gets before the outbox gives it up (a design decision): with
 * {@link outboxRetryDelayMs}'s waits, ten tries span about 40 minutes, so an SMS gateway or a mail
 * server down for half an hour still delivers an SOS to every contact, and a recipient the provider
 * refuses for good is not tried for ever.
 */
export const OUTBOX_MAX_ATTEMPTS = 10;

/**
 * The wait before the next hand-over of a message whose `attempts`-th failed (≥ 1), ms: 15 s,
 * doubling each time (30 s, 1, 2, 4, 8 min), never more than 10 min.
 */
export function outboxRetryDelayMs(attempts: number): number {
  return Math.min(15_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

/** {@link outboxRetryDelayMs} of the 1st … (max − 1)th failure, for the failure's one statement. */
const RETRY_DELAYS_MS = Array.from({ length: OUTBOX_MAX_ATTEMPTS - 1 }, (_, index) =>
  outboxRetryDelayMs(index + 1),
);

/**
 * Stores `messages` in the outbox inside the caller's transaction `trx` (the transactional outbox):
 * they exist exactly when the change that caused them commits; {@link Outbox.deliverPending} sends
 * them afterwards. `nowMs` is the creation time (epoch ms).
 */
export async function storeOutboxMessages(
  trx: Kysely<Database>,
  messages: readonly OutboxSend[],
  nowMs: number,
): Promise<void> {
  if (messages.length === 0) return;
  await trx
    .insertInto('outbox_messages')
    .values(
      messages.map((message) => ({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        code: message.code ?? null,
        created_ms: nowMs,
        alert_id: message.alertId ?? null,
        recipient_name: message.recipientName ?? null,
      })),
    )
    .execute();
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
  const deliver = async (messageId: number, message: OutgoingMessage) => {
    if (!transport) return false;
    try {
      await transport.deliver(message);
      await db
        .updateTable('outbox_messages')
        .set({ delivered_ms: now() })
        .where('message_id', '=', messageId)
        .execute();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failedMs = now();
      // One statement: the count, the next try's time (or giving up) and the claim's release
      // together, so no other round sees the message claimable before its wait is set.
      const attempt = sql<number>`attempts + 1`;
      const givenUpNow = sql<boolean>`attempts + 1 >= ${OUTBOX_MAX_ATTEMPTS}`;
      const row = await db
        .updateTable('outbox_messages')
        .set({
          delivery_error: reason.slice(0, 500),
          attempts: attempt,
          claimed_ms: null,
          given_up_ms: sql<number | null>`case when ${givenUpNow} then ${failedMs}::bigint end`,
          // The n-th failure's wait is RETRY_DELAYS_MS[n] (SQL arrays count from 1).
          next_attempt_ms: sql<number | null>`case when ${givenUpNow} then null
            else ${failedMs}::bigint + (${RETRY_DELAYS_MS}::bigint[])[attempts + 1] end`,
        })
        .where('message_id', '=', messageId)
        .returning(['attempts', 'given_up_ms'])
        .executeTakeFirst();
      const attempts = row?.attempts ?? OUTBOX_MAX_ATTEMPTS;
      const givenUp = row ? row.given_up_ms !== null : true;
      log.error(
        { messageId, channel: message.channel, attempts },
        givenUp
          ? `delivery failed, given up: ${reason}`
          : `delivery failed, to be tried again: ${reason}`,
      );
      return false;
    }
  };
  /**
   * Claims up to {@link OUTBOX_CLAIM_BATCH} pending messages, oldest first, in one statement: rows
   * another transaction is claiming are skipped (`for update skip locked`), rows claimed within the
   * lease are left to their claimant. Answers the claim's time (epoch ms) and the rows in message
   * order.
   */
  const claimBatch = async () => {
    const nowMs = now();
    const rows = await db
      .updateTable('outbox_messages')
      .set({ claimed_ms: nowMs })
      .where(
        'message_id',
        'in',
        db
          .selectFrom('outbox_messages')
          .select('message_id')
          .where('delivered_ms', 'is', null)
          .where('given_up_ms', 'is', null)
          .where((eb) =>
            eb.or([eb('next_attempt_ms', 'is', null), eb('next_attempt_ms', '<=', nowMs)]),
          )
          .where((eb) =>
            eb.or([
              eb('claimed_ms', 'is', null),
              eb('claimed_ms', '<', nowMs - OUTBOX_CLAIM_LEASE_MS),
            ]),
          )
          .orderBy('message_id')
          .limit(OUTBOX_CLAIM_BATCH)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['message_id', 'channel', 'recipient', 'subject', 'body', 'alert_id'])
      .execute();
    return { claimedMs: nowMs, rows: rows.sort((a, b) => a.message_id - b.message_id) };
  };
  /**
   * Renews this round's claim (taken at `claimedMs`) on one message right before its hand-over;
   * false when it is no longer this round's (the lease ran out and another round took it) or no
   * longer pending.
   */
  const renewClaim = async (messageId: number, claimedMs: number): Promise<boolean> => {
    const row = await db
      .updateTable('outbox_messages')
      .set({ claimed_ms: now() })
      .where('message_id', '=', messageId)
      .where('claimed_ms', '=', claimedMs)
      .where('delivered_ms', 'is', null)
      .where('given_up_ms', 'is', null)
      .returning('message_id')
      .executeTakeFirst();
    return row !== undefined;
  };
  /** Gives back this round's claims (taken at `claimedMs`) on messages it did not try. */
  const releaseClaims = async (messageIds: readonly number[], claimedMs: number) => {
    await db
      .updateTable('outbox_messages')
      .set({ claimed_ms: null })
      .where('message_id', 'in', [...messageIds])
      .where('claimed_ms', '=', claimedMs)
      .execute();
  };
  /**
   * One delivery round: the pending messages claimed and handed to the transport in order, batch
   * after batch until a claim comes back short. Rounds of one process never overlap (see
   * `deliverPending` below); rounds of two processes claim disjoint messages.
   */
  const deliverRound = async (): Promise<OutboxDelivery> => {
    if (!transport) return { delivered: 0, alertIds: [] };
    let delivered = 0;
    const alertIds = new Set<number>();
    for (;;) {
      const { claimedMs, rows } = await claimBatch();
      let handled = 0;
      try {
        for (const row of rows) {
          handled += 1;
          // A slow batch may outlast the lease: hand over only what is still this round's.
          if (!(await renewClaim(row.message_id, claimedMs))) continue;
          const sent = await deliver(row.message_id, {
            channel: row.channel,
            to: row.recipient,
            subject: row.subject,
            body: row.body,
          });
          if (sent) delivered += 1;
          if (row.alert_id !== null) alertIds.add(row.alert_id);
        }
      } finally {
        // A round that failed midway gives back what it did not try, for the next round at once.
        const rest = rows.slice(handled).map((row) => row.message_id);
        if (rest.length > 0) await releaseClaims(rest, claimedMs);
      }
      if (rows.length < OUTBOX_CLAIM_BATCH) break;
    }
    return { delivered, alertIds: [...alertIds] };
  };
  // The round running now, and the one asked for while it runs (it starts when the first ends and
  // answers every caller that asked meanwhile: what they stored is pending by then).
  let running: Promise<OutboxDelivery> | null = null;
  let queued: Promise<OutboxDelivery> | null = null;
  const nextRound = (): Promise<OutboxDelivery> =>
    deliverRound().finally(() => {
      running = queued;
      queued = null;
    });
  return {
    deliverPending() {
      if (running === null) {
        running = nextRound();
        return running;
      }
      queued ??= running.then(nextRound, nextRound);
      return queued;
    },
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
          // Claimed by this call, which delivers it at once: no round takes it meanwhile.
          claimed_ms: transport ? now() : null,
        })
        .returning('message_id')
        .executeTakeFirstOrThrow();
      await deliver(row.message_id, message);
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

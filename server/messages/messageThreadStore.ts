import type { MessageThread } from '../../src/api/entities/message';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { MESSAGE_COLUMNS, toMessageThread } from './messageMapping';

/** The thread of an activity: its id, and whether this call created it. */
export interface ThreadRef {
  readonly threadId: number;
  readonly created: boolean;
}

/** The MessageThreadID of activity `activityId`, or null when it has no thread yet. */
export async function threadIdOf(db: Db, activityId: number): Promise<number | null> {
  const row = await db
    .selectFrom('message_threads')
    .select('message_thread_id')
    .where('activity_id', '=', activityId)
    .executeTakeFirst();
  return row?.message_thread_id ?? null;
}

/**
 * The message thread of activity `activityId` of member `memberId` (one per activity, app §3),
 * created when the activity has none yet. Looks first and inserts only when missing, so loading an
 * existing thread writes nothing; two callers creating it at once get the same row (`on conflict do
 * nothing`, then read the committed one). The caller has checked that the activity is the member's.
 */
export async function ensureThread(
  db: Db,
  memberId: number,
  activityId: number,
): Promise<ThreadRef> {
  const existing = await threadIdOf(db, activityId);
  if (existing !== null) return { threadId: existing, created: false };
  const inserted = await db
    .insertInto('message_threads')
    .values({ member_id: memberId, activity_id: activityId })
    .onConflict((oc) => oc.column('activity_id').doNothing())
    .returning('message_thread_id')
    .executeTakeFirst();
  if (inserted) return { threadId: inserted.message_thread_id, created: true };
  const raced = await threadIdOf(db, activityId);
  if (raced === null) throw new Error(`message thread of activity ${activityId} vanished`);
  return { threadId: raced, created: false };
}

/**
 * The messages a journey share shows: those sent from `fromMs` to `toMs` inclusive (epoch ms, the
 * server's clock at sending), and those sent through the share `shareId` itself, whenever.
 */
export interface SentWithin {
  readonly fromMs: number;
  readonly toMs: number;
  readonly shareId: string;
}

/** The condition on `messages` of the messages `within` shows. */
function shownBy(eb: ExpressionBuilder<Database, 'messages'>, within: SentWithin) {
  return eb.or([
    eb.and([
      eb('messages.sent_ms', '>=', within.fromMs),
      eb('messages.sent_ms', '<=', within.toMs),
    ]),
    eb('messages.share_id', '=', within.shareId),
  ]);
}

/**
 * Reads thread `threadId` of activity `activityId` as a MessageThread (app §3 "Message thread", §7
 * message-load-thread): messages by `SentTimestamp` (then id), each message's replies by
 * `ReceivedTime` (then id). With `sentWithin`, only the messages sent in its window or through its
 * share, with their replies (a journey share shows its window only). `db` may be a transaction.
 */
export async function readThread(
  db: Db,
  threadId: number,
  activityId: number,
  sentWithin?: SentWithin,
): Promise<MessageThread> {
  const messages = await db
    .selectFrom('messages')
    .select(MESSAGE_COLUMNS)
    .where('messages.message_thread_id', '=', threadId)
    .where((eb) => (sentWithin ? shownBy(eb, sentWithin) : eb.lit(true)))
    .orderBy('messages.sent_ms')
    .orderBy('messages.message_id')
    .execute();
  const replies = await db
    .selectFrom('message_replies')
    .innerJoin('messages', 'messages.message_id', 'message_replies.message_id')
    .select([
      'message_replies.message_id',
      'message_replies.reply_text',
      'message_replies.received_ms',
    ])
    .where('messages.message_thread_id', '=', threadId)
    .where((eb) => (sentWithin ? shownBy(eb, sentWithin) : eb.lit(true)))
    .orderBy('message_replies.received_ms')
    .orderBy('message_replies.message_reply_id')
    .execute();
  return toMessageThread(threadId, activityId, messages, replies);
}

import type { MessageThread } from '../../src/api/entities/message';
import type { Db } from '../db/database';
import { messageChanges, type MessagePublication } from './messageChanges';
import { parseMessageSendFields, type MessageIssue } from './messageSendInput';
import { ensureThread, readThread, threadIdOf, type SentWithin } from './messageThreadStore';

/*
 * Messages to the wearer, sender side (issue 5 item 4; app §3 "Message thread", §7 message-send and
 * message-load-thread; policy §3 "Message"). The share routes (a later issue) resolve the ShareToken
 * to the member and activity and call these; they answer 400 for `invalid` and 404 for `not-found`,
 * and publish `publication` to the member's sockets after the call returns (it has committed).
 */

/**
 * A message to send to the wearer of activity `activityId` of member `memberId`:
 * `messageText`, `replyOptions` (default No, Yes) and `senderName` as message-send takes them
 * (`MessageText`, `ReplyOptions`, `SenderName`); `shareId` and `shareViewerId` record which share and
 * viewer sent it (null/absent when not sent through a share); `nowMs` the server clock, epoch ms,
 * stored as the message's `SentTimestamp`.
 */
export interface SendMessageInput {
  readonly memberId: number;
  readonly activityId: number;
  readonly messageText: string;
  readonly replyOptions?: readonly string[] | undefined;
  readonly senderName: string;
  readonly shareId?: string | null | undefined;
  readonly shareViewerId?: string | null | undefined;
  readonly nowMs: number;
  /** The answered thread holds only the messages sent in this window (a journey share's). */
  readonly sentWithin?: SentWithin;
}

/**
 * What {@link sendMessageToWearer} did:
 * - `invalid`: a field breaks message-send's rules; `issues` as `{ Path: 'body.<Field>', Message }`;
 * - `not-found`: no activity `activityId` of member `memberId` (another member's looks the same);
 * - `sent`: stored as message `messageId`; `thread` is the activity's whole thread after it, and
 *   `publication` the EntityChanges for the member's sockets (MessageThread created or updated,
 *   MessageWearer created).
 * Nothing is written unless the outcome is `sent`.
 */
export type SendMessageOutcome =
  | { readonly kind: 'invalid'; readonly issues: MessageIssue[] }
  | { readonly kind: 'not-found' }
  | {
      readonly kind: 'sent';
      readonly messageId: number;
      readonly thread: MessageThread;
      readonly publication: MessagePublication;
    };

/** Activity `activityId` if it is member `memberId`'s, with the member's WearerID; else null. */
async function memberActivity(
  db: Db,
  memberId: number,
  activityId: number,
): Promise<{ readonly wearerId: number } | null> {
  const row = await db
    .selectFrom('activities')
    .innerJoin('members', 'members.member_id', 'activities.member_id')
    .select('members.wearer_id')
    .where('activities.activity_id', '=', activityId)
    .where('activities.member_id', '=', memberId)
    .executeTakeFirst();
  return row ? { wearerId: row.wearer_id } : null;
}

/**
 * Sends a message to the wearer (app §7 message-send): checks the fields with message-send's schema,
 * then in one transaction checks the activity is the member's, creates the activity's thread on its
 * first message, and stores the message in state OUTBOX (no delivered or seen time, app §4) with
 * `SentTimestamp` `nowMs`. Answers the updated thread; see {@link SendMessageOutcome}.
 */
export async function sendMessageToWearer(
  db: Db,
  input: SendMessageInput,
): Promise<SendMessageOutcome> {
  const fields = parseMessageSendFields({
    MessageText: input.messageText,
    ReplyOptions: input.replyOptions,
    SenderName: input.senderName,
    ShareViewerId: input.shareViewerId,
  });
  if (!fields.ok) return { kind: 'invalid', issues: fields.issues };
  return db.transaction().execute(async (trx): Promise<SendMessageOutcome> => {
    const owner = await memberActivity(trx, input.memberId, input.activityId);
    if (!owner) return { kind: 'not-found' };
    const thread = await ensureThread(trx, input.memberId, input.activityId);
    const message = await trx
      .insertInto('messages')
      .values({
        message_thread_id: thread.threadId,
        message_text: fields.value.MessageText,
        reply_options: fields.value.ReplyOptions,
        sender_name: fields.value.SenderName,
        share_id: input.shareId ?? null,
        share_viewer_id: fields.value.ShareViewerId ?? null,
        sent_ms: input.nowMs,
      })
      .returning('message_id')
      .executeTakeFirstOrThrow();
    const changed = {
      wearerId: owner.wearerId,
      activityId: input.activityId,
      threadId: thread.threadId,
      messageId: message.message_id,
    };
    return {
      kind: 'sent',
      messageId: message.message_id,
      thread: await readThread(trx, thread.threadId, input.activityId, input.sentWithin),
      publication: {
        memberId: input.memberId,
        changes: messageChanges(
          changed,
          { thread: thread.created ? 'created' : 'updated', message: 'created' },
          input.nowMs,
        ),
      },
    };
  });
}

/**
 * The message thread of activity `activityId` of member `memberId` (app §7 message-load-thread):
 * `found` with the MessageThread (messages by SentTimestamp, replies by ReceivedTime; no messages yet
 * gives an empty list — the activity's thread row is created then, so the answer has its
 * MessageThreadID), or `not-found` when the activity is not the member's.
 */
export async function loadMessageThread(
  db: Db,
  input: {
    readonly memberId: number;
    readonly activityId: number;
    /** Only the messages sent in this window (a journey share's; messageThreadStore.ts). */
    readonly sentWithin?: SentWithin;
  },
): Promise<
  { readonly kind: 'found'; readonly thread: MessageThread } | { readonly kind: 'not-found' }
> {
  return db.transaction().execute(async (trx) => {
    if (!(await memberActivity(trx, input.memberId, input.activityId))) {
      return { kind: 'not-found' as const };
    }
    const thread = await ensureThread(trx, input.memberId, input.activityId);
    return {
      kind: 'found' as const,
      thread: await readThread(trx, thread.threadId, input.activityId, input.sentWithin),
    };
  });
}

/**
 * The member's own view of the messages of activity `activityId` (Lifeline's
 * member-wearer-activity-messages, docs/activities.md "Messages"): `found` with the MessageThread, or
 * with null when no one has written to the wearer during the activity; `not-found` when the activity
 * is not member `memberId`'s. Reads only: unlike message-load-thread it creates no thread row.
 */
export async function readMemberThread(
  db: Db,
  input: { readonly memberId: number; readonly activityId: number },
): Promise<
  { readonly kind: 'found'; readonly thread: MessageThread | null } | { readonly kind: 'not-found' }
> {
  return db.transaction().execute(async (trx) => {
    if (!(await memberActivity(trx, input.memberId, input.activityId))) {
      return { kind: 'not-found' as const };
    }
    const threadId = await threadIdOf(trx, input.activityId);
    return {
      kind: 'found' as const,
      thread: threadId === null ? null : await readThread(trx, threadId, input.activityId),
    };
  });
}

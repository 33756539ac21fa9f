import * as z from 'zod/mini';
import type { MessageState } from '../enums';
import { Id, Timestamp } from './common';

/** A reply of the wearer to a message, chosen from its reply options; `ReceivedTime` is epoch ms. */
export const Reply = z.object({
  ReplyText: z.string(),
  ReceivedTime: Timestamp,
});
export type Reply = z.infer<typeof Reply>;

/**
 * What the wearer's device did with a message (app §3 "WearerMessageState"): `DeliveredTime` and
 * `SeenTime` are epoch ms, null until it happened; `Replies` ordered by `ReceivedTime`.
 */
export const WearerMessageState = z.object({
  DeliveredTime: z.nullable(Timestamp),
  SeenTime: z.nullable(Timestamp),
  Replies: z.array(Reply),
});
export type WearerMessageState = z.infer<typeof WearerMessageState>;

/** The reply options a message offers when the sender gives none (policy §3 "Message"). */
export const DEFAULT_REPLY_OPTIONS: readonly string[] = ['No', 'Yes'];

/**
 * One message to the wearer (app §3 "Message thread", §7 message-send; policy §3 "Message").
 * `SentTimestamp` is epoch ms. `MessageID` is an addition.
 */
export const Message = z.object({
  MessageID: Id,
  MessageText: z.string(),
  SenderName: z.string(),
  ReplyOptions: z.array(z.string()),
  SentTimestamp: Timestamp,
  WearerMessageState: WearerMessageState,
});
export type Message = z.infer<typeof Message>;

/**
 * The messages sent to a wearer during one activity (app §3, §7 message-load-thread), ordered by
 * `SentTimestamp`. `ActivityId` is an addition: the activity the thread belongs to.
 */
export const MessageThread = z.object({
  MessageThreadID: Id,
  ActivityId: Id,
  Messages: z.array(Message),
});
export type MessageThread = z.infer<typeof MessageThread>;

/**
 * The delivery status of a message (app §4 "Message delivery status"): SEEN when a seen time is set,
 * else DELIVERED when a delivered time is set, else OUTBOX.
 */
export function messageState(message: Pick<Message, 'WearerMessageState'>): MessageState {
  const { SeenTime, DeliveredTime } = message.WearerMessageState;
  if (SeenTime !== null) return 'SEEN';
  if (DeliveredTime !== null) return 'DELIVERED';
  return 'OUTBOX';
}

/** The time of the latest reply in a thread (epoch ms), or null when there is none (app §4). */
export function latestReplyTime(thread: Pick<MessageThread, 'Messages'>): number | null {
  let latest: number | null = null;
  for (const message of thread.Messages) {
    for (const reply of message.WearerMessageState.Replies) {
      if (latest === null || reply.ReceivedTime > latest) latest = reply.ReceivedTime;
    }
  }
  return latest;
}

/**
 * Whether a thread has replies the viewer has not seen: the latest reply is later than
 * `lastViewedTime` (epoch ms, kept per app instance; null when never viewed) (app §4).
 */
export function hasUnseenReplies(
  thread: Pick<MessageThread, 'Messages'>,
  lastViewedTime: number | null,
): boolean {
  const latest = latestReplyTime(thread);
  return latest !== null && (lastViewedTime === null || latest > lastViewedTime);
}

import type { Selectable } from 'kysely';
import type { DeviceMessage } from '../../src/api/deviceMessages';
import type { Message, MessageThread, Reply } from '../../src/api/entities/message';
import type { MessageRepliesTable, MessagesTable } from '../db/schema';

/** The `messages` columns an entity reads. */
export type MessageRow = Pick<
  Selectable<MessagesTable>,
  | 'message_id'
  | 'message_text'
  | 'sender_name'
  | 'reply_options'
  | 'sent_ms'
  | 'delivered_ms'
  | 'seen_ms'
>;

/** The `messages` columns of {@link MessageRow}, for `select`. */
export const MESSAGE_COLUMNS = [
  'messages.message_id',
  'messages.message_text',
  'messages.sender_name',
  'messages.reply_options',
  'messages.sent_ms',
  'messages.delivered_ms',
  'messages.seen_ms',
] as const;

/** The `message_replies` columns a Reply reads. */
export type ReplyRow = Pick<
  Selectable<MessageRepliesTable>,
  'message_id' | 'reply_text' | 'received_ms'
>;

/** A reply row as a Reply (app §3 "Message thread"): `ReceivedTime` epoch ms. */
export function toReply(row: ReplyRow): Reply {
  return { ReplyText: row.reply_text, ReceivedTime: row.received_ms };
}

/**
 * A message row and its replies as a Message (app §3 "Message thread", src/api/entities/message.ts):
 * times epoch ms, `DeliveredTime`/`SeenTime` null until the device reported them; `replies` must
 * already be in `ReceivedTime` order.
 */
export function toMessage(row: MessageRow, replies: readonly ReplyRow[]): Message {
  return {
    MessageID: row.message_id,
    MessageText: row.message_text,
    SenderName: row.sender_name,
    ReplyOptions: [...row.reply_options],
    SentTimestamp: row.sent_ms,
    WearerMessageState: {
      DeliveredTime: row.delivered_ms,
      SeenTime: row.seen_ms,
      Replies: replies.map(toReply),
    },
  };
}

/**
 * The MessageThread of thread `threadId` of activity `activityId` (app §3, §7 message-load-thread):
 * `messages` in `SentTimestamp` order, each with its replies from `replies` (any order of messages,
 * `ReceivedTime` order within one); a reply of a message not listed is left out.
 */
export function toMessageThread(
  threadId: number,
  activityId: number,
  messages: readonly MessageRow[],
  replies: readonly ReplyRow[],
): MessageThread {
  const byMessage = new Map<number, ReplyRow[]>();
  for (const reply of replies) {
    const list = byMessage.get(reply.message_id);
    if (list) list.push(reply);
    else byMessage.set(reply.message_id, [reply]);
  }
  return {
    MessageThreadID: threadId,
    ActivityId: activityId,
    Messages: messages.map((row) => toMessage(row, byMessage.get(row.message_id) ?? [])),
  };
}

/** A message row of activity `activityId` as the device shows it (src/api/deviceMessages.ts). */
export function toDeviceMessage(row: MessageRow, activityId: number): DeviceMessage {
  return {
    MessageID: row.message_id,
    ActivityId: activityId,
    MessageText: row.message_text,
    SenderName: row.sender_name,
    ReplyOptions: [...row.reply_options],
    SentTimestamp: row.sent_ms,
    DeliveredTime: row.delivered_ms,
  };
}

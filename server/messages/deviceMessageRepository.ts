import type { DeviceMessage } from '../../src/api/deviceMessages';
import type { Db } from '../db/database';
import type { Trx } from '../telemetry/ingestDevice';
import { messageChanges, type MessagePublication } from './messageChanges';
import { lockMessageDevice, type MessageDevice } from './messageDevice';
import { MESSAGE_COLUMNS, toDeviceMessage } from './messageMapping';
import {
  afterDelivered,
  afterSeen,
  replyReceivedTime,
  type MessageTimes,
  type ReportedTimes,
} from './wearerStateTimes';

/*
 * Messages to the wearer, device side (issue 5 item 4; app §3 "Message thread", §4 "Message delivery
 * status"; src/api/deviceMessages.ts). Which messages are a device's: those of the activities it
 * recorded (`activities.device_id`) that belong to its current owner. A wearer wears one device at a
 * time, and the device that records an activity is the one on the wrist during it, so a message sent
 * during an activity goes to that device — not to the member's other devices — and a device passed on
 * to another member never sees the messages of its former owner's activities. Each call runs in one
 * transaction with the device row held (messageDevice.ts), so it either commits whole or writes nothing.
 */

/** Most messages one `POST /ingest/messages` answers: the oldest unseen; the rest once those are seen. */
export const DEVICE_MESSAGES_MAX = 100;

/**
 * The device's messages not yet seen, oldest first (`SentTimestamp`, then id), at most
 * {@link DEVICE_MESSAGES_MAX}: `found` with them (an empty list when none), or `unknown-key` for a key
 * that is unknown, rotated or of a device no member holds. Reads only.
 */
export async function pendingDeviceMessages(
  db: Db,
  ingestKey: string,
): Promise<
  { readonly kind: 'unknown-key' } | { readonly kind: 'found'; readonly messages: DeviceMessage[] }
> {
  return db.transaction().execute(async (trx) => {
    const device = await lockMessageDevice(trx, ingestKey);
    if (!device) return { kind: 'unknown-key' as const };
    const rows = await trx
      .selectFrom('messages')
      .innerJoin(
        'message_threads',
        'message_threads.message_thread_id',
        'messages.message_thread_id',
      )
      .innerJoin('activities', 'activities.activity_id', 'message_threads.activity_id')
      .select([...MESSAGE_COLUMNS, 'message_threads.activity_id'])
      .where('activities.device_id', '=', device.deviceId)
      .where('activities.member_id', '=', device.memberId)
      .where('messages.seen_ms', 'is', null)
      .orderBy('messages.sent_ms')
      .orderBy('messages.message_id')
      .limit(DEVICE_MESSAGES_MAX)
      .execute();
    return {
      kind: 'found' as const,
      messages: rows.map((row) => toDeviceMessage(row, row.activity_id)),
    };
  });
}

/** A message of the device, locked for the transaction, with what its changes publish. */
interface OwnedMessage extends MessageTimes {
  readonly messageId: number;
  readonly threadId: number;
  readonly activityId: number;
  readonly replyOptions: readonly string[];
}

/** Message `messageId` if it is one of `device`'s (see the module comment), row-locked; else null. */
async function lockOwnedMessage(
  trx: Trx,
  device: MessageDevice,
  messageId: number,
): Promise<OwnedMessage | null> {
  const row = await trx
    .selectFrom('messages')
    .innerJoin('message_threads', 'message_threads.message_thread_id', 'messages.message_thread_id')
    .innerJoin('activities', 'activities.activity_id', 'message_threads.activity_id')
    .select([
      'messages.message_id',
      'messages.message_thread_id',
      'messages.reply_options',
      'messages.sent_ms',
      'messages.delivered_ms',
      'messages.seen_ms',
      'message_threads.activity_id',
    ])
    .where('messages.message_id', '=', messageId)
    .where('activities.device_id', '=', device.deviceId)
    .where('activities.member_id', '=', device.memberId)
    .forNoKeyUpdate('messages')
    .executeTakeFirst();
  if (!row) return null;
  return {
    messageId: row.message_id,
    threadId: row.message_thread_id,
    activityId: row.activity_id,
    replyOptions: row.reply_options,
    sentMs: row.sent_ms,
    deliveredMs: row.delivered_ms,
    seenMs: row.seen_ms,
  };
}

async function storeTimes(trx: Trx, messageId: number, times: ReportedTimes): Promise<void> {
  await trx
    .updateTable('messages')
    .set({ delivered_ms: times.deliveredMs, seen_ms: times.seenMs })
    .where('message_id', '=', messageId)
    .execute();
}

function publication(
  device: MessageDevice,
  message: OwnedMessage,
  nowMs: number,
): MessagePublication {
  return {
    memberId: device.memberId,
    changes: messageChanges(
      {
        wearerId: device.wearerId,
        activityId: message.activityId,
        threadId: message.threadId,
        messageId: message.messageId,
      },
      { thread: 'updated', message: 'updated' },
      nowMs,
    ),
  };
}

/**
 * What a device's state report or reply did: `unknown-key` (the key is unknown, rotated or of a device
 * no member holds), `not-found` (no such message of this device: another device's or member's looks
 * the same), or `stored` — committed, with the EntityChanges to publish, or `publication` null when
 * the call changed nothing (a repeated report or reply).
 */
export type DeviceMessageOutcome =
  | { readonly kind: 'unknown-key' }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'stored'; readonly publication: MessagePublication | null };

/**
 * A device report that message `messageId` reached `state` at device time `timeMs` (epoch ms, already
 * checked with `ingestTimeProblem`); `nowMs` the server clock (epoch ms) for the EntityChanges.
 */
export interface DeviceStateReport {
  readonly ingestKey: string;
  readonly messageId: number;
  readonly state: 'DELIVERED' | 'SEEN';
  readonly timeMs: number;
  readonly nowMs: number;
}

/**
 * Records a device's DELIVERED or SEEN report (app §4; `POST /ingest/messages/state`): DELIVERED sets
 * the delivered time once; SEEN sets the seen time once and the delivered time if still unset; times
 * before the message was sent are clamped (wearerStateTimes.ts). Idempotent: a repeated or older report
 * changes nothing and publishes nothing. See {@link DeviceMessageOutcome}.
 */
export async function markDeviceMessageState(
  db: Db,
  report: DeviceStateReport,
): Promise<DeviceMessageOutcome> {
  return db.transaction().execute(async (trx): Promise<DeviceMessageOutcome> => {
    const device = await lockMessageDevice(trx, report.ingestKey);
    if (!device) return { kind: 'unknown-key' };
    const message = await lockOwnedMessage(trx, device, report.messageId);
    if (!message) return { kind: 'not-found' };
    const next =
      report.state === 'DELIVERED'
        ? afterDelivered(message, report.timeMs)
        : afterSeen(message, report.timeMs);
    if (!next) return { kind: 'stored', publication: null };
    await storeTimes(trx, message.messageId, next);
    return { kind: 'stored', publication: publication(device, message, report.nowMs) };
  });
}

/**
 * The wearer's reply `replyText` to message `messageId` at device time `timeMs` (epoch ms, already
 * checked with `ingestTimeProblem`); `nowMs` the server clock (epoch ms) for the EntityChanges.
 */
export interface DeviceReply {
  readonly ingestKey: string;
  readonly messageId: number;
  readonly replyText: string;
  readonly timeMs: number;
  readonly nowMs: number;
}

/**
 * Stores the wearer's reply (app §3 "Replies with ReceivedTime"; `POST /ingest/messages/reply`):
 * `not-an-option` (nothing written) unless `replyText` is exactly one of the message's reply options;
 * else the reply is stored with `ReceivedTime` max(device time, sent), once per (message, that time,
 * text), and the message is marked seen as a SEEN report at the same time would. A message may collect
 * several replies (the wearer changed their mind). See {@link DeviceMessageOutcome}.
 */
export async function replyFromDevice(
  db: Db,
  reply: DeviceReply,
): Promise<
  | DeviceMessageOutcome
  | { readonly kind: 'not-an-option'; readonly replyOptions: readonly string[] }
> {
  return db.transaction().execute(async (trx) => {
    const device = await lockMessageDevice(trx, reply.ingestKey);
    if (!device) return { kind: 'unknown-key' as const };
    const message = await lockOwnedMessage(trx, device, reply.messageId);
    if (!message) return { kind: 'not-found' as const };
    if (!message.replyOptions.includes(reply.replyText)) {
      return { kind: 'not-an-option' as const, replyOptions: message.replyOptions };
    }
    const inserted = await trx
      .insertInto('message_replies')
      .values({
        message_id: message.messageId,
        reply_text: reply.replyText,
        received_ms: replyReceivedTime(message, reply.timeMs),
      })
      .onConflict((oc) => oc.constraint('message_replies_once').doNothing())
      .returning('message_reply_id')
      .executeTakeFirst();
    const seen = afterSeen(message, reply.timeMs);
    if (seen) await storeTimes(trx, message.messageId, seen);
    const changed = inserted !== undefined || seen !== null;
    return {
      kind: 'stored' as const,
      publication: changed ? publication(device, message, reply.nowMs) : null,
    };
  });
}

import * as z from 'zod/mini';
import { Id, Timestamp } from './entities/common';

/*
 * The device side of messages to the wearer (issue 5 item 4; app §3 "Message thread", §4 "Message
 * delivery status"): the wearer's watch (or the simulator acting as one) fetches the messages it has
 * not yet seen, reports each one DELIVERED (shown on the watch) and SEEN (read), and answers with one
 * of the message's reply options. Every call carries the device's secret `IngestKey` (never the IMEI)
 * and answers 401 for an unknown or revoked key, 400 with the spec's error shape for bad input.
 */

/** Device time of a state change or reply, epoch ms (checked like ingest times: 2000 … now + 5 min). */
const DeviceTime = z.int().check(z.nonnegative());

/** `POST /ingest/messages`: the device asks for its messages not yet seen. */
export const DeviceMessagesRequest = z.object({
  IngestKey: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type DeviceMessagesRequest = z.infer<typeof DeviceMessagesRequest>;

/**
 * One message as the device shows it: `MessageID`, the text, who sent it, the answers it offers,
 * `SentTimestamp` (epoch ms) and the `ActivityId` of its thread; `DeliveredTime` is epoch ms once the
 * device reported delivery, else null.
 */
export const DeviceMessage = z.object({
  MessageID: Id,
  ActivityId: Id,
  MessageText: z.string(),
  SenderName: z.string(),
  ReplyOptions: z.array(z.string()),
  SentTimestamp: Timestamp,
  DeliveredTime: z.nullable(Timestamp),
});
export type DeviceMessage = z.infer<typeof DeviceMessage>;

/** Answer of `POST /ingest/messages`: the device's messages not yet seen, oldest first. */
export const DeviceMessagesResponse = z.object({ Messages: z.array(DeviceMessage) });
export type DeviceMessagesResponse = z.infer<typeof DeviceMessagesResponse>;

/**
 * `POST /ingest/messages/state`: message `MessageID` reached `State` at device time `Time`. DELIVERED
 * sets the delivered time once; SEEN sets the seen time once (and the delivered time if still unset).
 * Re-sending a state changes nothing. A message of another device answers 404.
 */
export const DeviceMessageStateRequest = z.object({
  IngestKey: z.string().check(z.minLength(1), z.maxLength(200)),
  MessageID: Id,
  State: z.enum(['DELIVERED', 'SEEN']),
  Time: DeviceTime,
});
export type DeviceMessageStateRequest = z.infer<typeof DeviceMessageStateRequest>;

/**
 * `POST /ingest/messages/reply`: the wearer answered message `MessageID` with `ReplyText`, which must be
 * one of the message's reply options (400 otherwise), at device time `Time`. A reply also marks the
 * message seen. The same reply at the same time is stored once.
 */
export const DeviceMessageReplyRequest = z.object({
  IngestKey: z.string().check(z.minLength(1), z.maxLength(200)),
  MessageID: Id,
  ReplyText: z.string().check(z.minLength(1), z.maxLength(20)),
  Time: DeviceTime,
});
export type DeviceMessageReplyRequest = z.infer<typeof DeviceMessageReplyRequest>;

/** Answer of the state and reply calls once committed. */
export const DeviceMessageAck = z.object({ Success: z.literal(true) });
export type DeviceMessageAck = z.infer<typeof DeviceMessageAck>;

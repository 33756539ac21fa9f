/*
 * How a device report moves a message's times (app §4 "Message delivery status": OUTBOX → DELIVERED →
 * SEEN; src/api/deviceMessages.ts). Each time is set once and never moved; the stored times keep
 * sent ≤ delivered ≤ seen (migration 0011 checks it). A device time earlier than that — a watch clock
 * running behind the server's — is clamped up to the earliest time the state can have happened rather
 * than refused: the report is true (the device did show the message), and a refusal would have the
 * device re-send the same time for ever. Times are epoch ms.
 */

/** The stored times of a message, epoch ms; delivered and seen null until reported. */
export interface MessageTimes {
  readonly sentMs: number;
  readonly deliveredMs: number | null;
  readonly seenMs: number | null;
}

/** The delivered and seen times to store after a report, epoch ms. */
export interface ReportedTimes {
  readonly deliveredMs: number;
  readonly seenMs: number | null;
}

/**
 * The times after the device reported DELIVERED at `timeMs`: the delivered time becomes
 * max(`timeMs`, sent); null (nothing changes) when the message is already delivered (or seen, which
 * implies delivered).
 */
export function afterDelivered(times: MessageTimes, timeMs: number): ReportedTimes | null {
  if (times.deliveredMs !== null) return null;
  return { deliveredMs: Math.max(timeMs, times.sentMs), seenMs: times.seenMs };
}

/**
 * The times after the device reported SEEN at `timeMs` (or the wearer replied then): the seen time
 * becomes max(`timeMs`, sent, delivered), and an unset delivered time max(`timeMs`, sent); null
 * (nothing changes) when the message is already seen.
 */
export function afterSeen(times: MessageTimes, timeMs: number): ReportedTimes | null {
  if (times.seenMs !== null) return null;
  const deliveredMs = times.deliveredMs ?? Math.max(timeMs, times.sentMs);
  return { deliveredMs, seenMs: Math.max(timeMs, deliveredMs) };
}

/**
 * The stored `ReceivedTime` of a reply the device made at `timeMs`: max(`timeMs`, sent) — a reply
 * cannot precede its message. The same reply re-sent with the same device time maps to the same
 * stored time, so it is still stored once.
 */
export function replyReceivedTime(times: MessageTimes, timeMs: number): number {
  return Math.max(timeMs, times.sentMs);
}

import { describe, expect, it } from 'vitest';
import {
  afterDelivered,
  afterSeen,
  replyReceivedTime,
  type MessageTimes,
  type ReportedTimes,
} from '../../../../server/messages/wearerStateTimes';

/*
 * Issue 5 item 4, app §4 "Message delivery status": how DELIVERED, SEEN and replies move a message's
 * times — each set once, never before the message was sent, sent ≤ delivered ≤ seen.
 */

const SENT = 1_750_000_000_000;
const outbox: MessageTimes = { sentMs: SENT, deliveredMs: null, seenMs: null };
const delivered: MessageTimes = { sentMs: SENT, deliveredMs: SENT + 5_000, seenMs: null };
const seen: MessageTimes = { sentMs: SENT, deliveredMs: SENT + 5_000, seenMs: SENT + 9_000 };

describe('afterDelivered', () => {
  const cases: [string, MessageTimes, number, ReportedTimes | null][] = [
    [
      'OUTBOX: sets the device time',
      outbox,
      SENT + 1_000,
      { deliveredMs: SENT + 1_000, seenMs: null },
    ],
    [
      'OUTBOX: a time before sending is clamped to it',
      outbox,
      SENT - 60_000,
      { deliveredMs: SENT, seenMs: null },
    ],
    ['already DELIVERED: unchanged', delivered, SENT + 7_000, null],
    ['already DELIVERED, earlier time: unchanged', delivered, SENT + 1_000, null],
    ['already SEEN: unchanged', seen, SENT + 20_000, null],
  ];
  it.each(cases)('%s', (_name, times, timeMs, expected) => {
    expect(afterDelivered(times, timeMs)).toEqual(expected);
  });
});

describe('afterSeen', () => {
  const cases: [string, MessageTimes, number, ReportedTimes | null][] = [
    [
      'OUTBOX: sets seen and delivered to the device time',
      outbox,
      SENT + 3_000,
      { deliveredMs: SENT + 3_000, seenMs: SENT + 3_000 },
    ],
    [
      'OUTBOX: a time before sending is clamped to it',
      outbox,
      SENT - 1,
      { deliveredMs: SENT, seenMs: SENT },
    ],
    [
      'DELIVERED: keeps the delivered time',
      delivered,
      SENT + 8_000,
      { deliveredMs: SENT + 5_000, seenMs: SENT + 8_000 },
    ],
    [
      'DELIVERED: a time before delivery is clamped to it',
      delivered,
      SENT + 2_000,
      { deliveredMs: SENT + 5_000, seenMs: SENT + 5_000 },
    ],
    ['already SEEN: unchanged', seen, SENT + 30_000, null],
  ];
  it.each(cases)('%s', (_name, times, timeMs, expected) => {
    expect(afterSeen(times, timeMs)).toEqual(expected);
  });
});

describe('replyReceivedTime', () => {
  const cases: [string, number, number][] = [
    ['after sending: the device time', SENT + 4_000, SENT + 4_000],
    ['at sending: the device time', SENT, SENT],
    ['before sending: the sent time', SENT - 90_000, SENT],
  ];
  it.each(cases)('%s', (_name, timeMs, expected) => {
    expect(replyReceivedTime(seen, timeMs)).toBe(expected);
  });
});

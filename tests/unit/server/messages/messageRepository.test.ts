import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyFromDevice } from '../../../../server/messages/deviceMessageRepository';
import {
  loadMessageThread,
  sendMessageToWearer,
  type SendMessageInput,
} from '../../../../server/messages/messageRepository';
import { MessageThread, messageState } from '../../../../src/api/entities/message';
import { createTestDatabase, type TestDatabase } from '../testServer';
import {
  addActivity,
  addDevice,
  addMember,
  messageTables,
  type TestDevice,
  type TestMember,
} from './messageFixtures';

/*
 * Issue 5 item 4, sender side (app §3 "Message thread", §7 message-send / message-load-thread; policy
 * §3 "Message"): server/messages/messageRepository.ts against a real database.
 */

const T0 = Date.UTC(2025, 5, 21, 9, 0, 0);

let database: TestDatabase;
let wanda: TestMember;
let olaf: TestMember;
let watch: TestDevice;
let olafsActivity = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  wanda = await addMember(database.db, 'wanda@example.com');
  olaf = await addMember(database.db, 'olaf@example.com');
  watch = await addDevice(database.db, wanda.memberId);
  olafsActivity = await addActivity(database.db, olaf.memberId, null, T0);
});

afterAll(async () => {
  await database.drop();
});

/** A valid message to `activityId` of Wanda sent at `nowMs`, with `overrides`. */
function message(
  activityId: number,
  nowMs: number,
  overrides: Partial<SendMessageInput> = {},
): SendMessageInput {
  return {
    memberId: wanda.memberId,
    activityId,
    messageText: 'Are you OK?',
    senderName: 'Mum',
    nowMs,
    ...overrides,
  };
}

async function sent(input: SendMessageInput) {
  const outcome = await sendMessageToWearer(database.db, input);
  if (outcome.kind !== 'sent') throw new Error(`not sent: ${JSON.stringify(outcome)}`);
  return outcome;
}

describe('sendMessageToWearer', () => {
  it("creates the activity's thread with the first message, in OUTBOX, with the default reply options", async () => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const outcome = await sent(
      message(activityId, T0 + 60_000, { shareId: 'share-1', shareViewerId: 'viewer-1' }),
    );

    expect(MessageThread.parse(outcome.thread)).toEqual(outcome.thread);
    expect(outcome.thread).toEqual({
      MessageThreadID: expect.any(Number) as number,
      ActivityId: activityId,
      Messages: [
        {
          MessageID: outcome.messageId,
          MessageText: 'Are you OK?',
          SenderName: 'Mum',
          ReplyOptions: ['No', 'Yes'],
          SentTimestamp: T0 + 60_000,
          WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: [] },
        },
      ],
    });
    expect(messageState(outcome.thread.Messages[0] as MessageThread['Messages'][number])).toBe(
      'OUTBOX',
    );
    expect(outcome.publication).toEqual({
      memberId: wanda.memberId,
      changes: [
        {
          EntityType: 'MessageThread',
          EntityId: outcome.thread.MessageThreadID,
          ChangeType: 'created',
          Timestamp: T0 + 60_000,
          WearerID: wanda.wearerId,
          ActivityId: activityId,
        },
        {
          EntityType: 'MessageWearer',
          EntityId: outcome.messageId,
          ChangeType: 'created',
          Timestamp: T0 + 60_000,
          WearerID: wanda.wearerId,
          ActivityId: activityId,
        },
      ],
    });
    const row = await database.db
      .selectFrom('messages')
      .select(['share_id', 'share_viewer_id'])
      .where('message_id', '=', outcome.messageId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ share_id: 'share-1', share_viewer_id: 'viewer-1' });
  });

  it('adds later messages to the same thread, ordered by SentTimestamp, with their own reply options', async () => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const first = await sent(message(activityId, T0 + 120_000, { messageText: 'Second' }));
    const second = await sent(
      message(activityId, T0 + 60_000, {
        messageText: 'First',
        replyOptions: ['Fine', 'Need help', 'Later'],
      }),
    );

    expect(second.thread.MessageThreadID).toBe(first.thread.MessageThreadID);
    expect(
      second.thread.Messages.map((m) => [m.MessageText, m.SentTimestamp, m.ReplyOptions]),
    ).toEqual([
      ['First', T0 + 60_000, ['Fine', 'Need help', 'Later']],
      ['Second', T0 + 120_000, ['No', 'Yes']],
    ]);
    expect(second.publication.changes.map((c) => [c.EntityType, c.ChangeType])).toEqual([
      ['MessageThread', 'updated'],
      ['MessageWearer', 'created'],
    ]);
  });

  it('creates one thread when two first messages race', async () => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const [a, b] = await Promise.all([
      sent(message(activityId, T0 + 1_000, { messageText: 'One' })),
      sent(message(activityId, T0 + 2_000, { messageText: 'Two' })),
    ]);
    expect(a.thread.MessageThreadID).toBe(b.thread.MessageThreadID);
    const loaded = await loadMessageThread(database.db, { memberId: wanda.memberId, activityId });
    expect(loaded.kind === 'found' && loaded.thread.Messages.map((m) => m.MessageText)).toEqual([
      'One',
      'Two',
    ]);
  });

  const invalid: [string, Partial<SendMessageInput>, string][] = [
    ['empty text', { messageText: '' }, 'body.MessageText'],
    ['text over 160 characters', { messageText: 'a'.repeat(161) }, 'body.MessageText'],
    ['text with an emoji', { messageText: 'Are you OK? 🚴' }, 'body.MessageText'],
    ['no reply options', { replyOptions: [] }, 'body.ReplyOptions'],
    ['five reply options', { replyOptions: ['A', 'B', 'C', 'D', 'E'] }, 'body.ReplyOptions'],
    ['an empty reply option', { replyOptions: ['Yes', ''] }, 'body.ReplyOptions.1'],
    [
      'a reply option over 20 characters',
      { replyOptions: ['x'.repeat(21)] },
      'body.ReplyOptions.0',
    ],
    ['no sender name', { senderName: '' }, 'body.SenderName'],
    ['a sender name with digits', { senderName: 'Mum2' }, 'body.SenderName'],
    ['an empty share viewer id', { shareViewerId: '' }, 'body.ShareViewerId'],
  ];
  it.each(invalid)('refuses %s, writing nothing', async (_name, overrides, path) => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const before = await messageTables(database.db);
    const outcome = await sendMessageToWearer(database.db, message(activityId, T0, overrides));
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.issues.map((issue) => issue.Path)).toContain(path);
    expect(await messageTables(database.db)).toEqual(before);
  });

  it('accepts the limits: 160 characters, 4 options of 20 characters', async () => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const options = ['a', 'b', 'c', 'd'].map((letter) => letter.repeat(20));
    const outcome = await sent(
      message(activityId, T0, { messageText: 'é'.repeat(160), replyOptions: options }),
    );
    expect(outcome.thread.Messages[0]?.ReplyOptions).toEqual(options);
  });

  it("answers not-found for another member's activity and an unknown one, writing nothing", async () => {
    const before = await messageTables(database.db);
    expect(await sendMessageToWearer(database.db, message(olafsActivity, T0))).toEqual({
      kind: 'not-found',
    });
    expect(await sendMessageToWearer(database.db, message(999_999, T0))).toEqual({
      kind: 'not-found',
    });
    expect(await messageTables(database.db)).toEqual(before);
  });
});

describe('loadMessageThread', () => {
  it('answers an empty thread for an activity without messages, the same one each time', async () => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const first = await loadMessageThread(database.db, { memberId: wanda.memberId, activityId });
    const again = await loadMessageThread(database.db, { memberId: wanda.memberId, activityId });
    expect(first).toEqual({
      kind: 'found',
      thread: {
        MessageThreadID: expect.any(Number) as number,
        ActivityId: activityId,
        Messages: [],
      },
    });
    expect(again).toEqual(first);
    const threads = await database.db
      .selectFrom('message_threads')
      .select('member_id')
      .where('activity_id', '=', activityId)
      .execute();
    expect(threads).toEqual([{ member_id: wanda.memberId }]);
  });

  it("answers not-found for another member's activity, creating nothing", async () => {
    const before = await messageTables(database.db);
    expect(
      await loadMessageThread(database.db, { memberId: wanda.memberId, activityId: olafsActivity }),
    ).toEqual({ kind: 'not-found' });
    expect(await messageTables(database.db)).toEqual(before);
  });

  it('shows the wearer state with replies ordered by ReceivedTime', async () => {
    const activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, T0);
    const { messageId } = await sent(message(activityId, T0 + 10_000));
    for (const [replyText, timeMs] of [
      ['Yes', T0 + 50_000],
      ['No', T0 + 30_000],
    ] as const) {
      const outcome = await replyFromDevice(database.db, {
        ingestKey: watch.key,
        messageId,
        replyText,
        timeMs,
        nowMs: T0 + 60_000,
      });
      expect(outcome.kind).toBe('stored');
    }
    const loaded = await loadMessageThread(database.db, { memberId: wanda.memberId, activityId });
    if (loaded.kind !== 'found') throw new Error('thread not found');
    expect(loaded.thread.Messages[0]?.WearerMessageState).toEqual({
      DeliveredTime: T0 + 50_000,
      SeenTime: T0 + 50_000,
      Replies: [
        { ReplyText: 'No', ReceivedTime: T0 + 30_000 },
        { ReplyText: 'Yes', ReceivedTime: T0 + 50_000 },
      ],
    });
  });
});

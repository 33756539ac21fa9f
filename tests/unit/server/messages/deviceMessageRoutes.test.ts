import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDevice } from '../../../../server/devices/deviceRepository';
import { DEVICE_MESSAGES_MAX } from '../../../../server/messages/deviceMessageRepository';
import { deviceMessageRoutes } from '../../../../server/messages/deviceMessageRoutes';
import {
  loadMessageThread,
  sendMessageToWearer,
} from '../../../../server/messages/messageRepository';
import { DeviceMessagesResponse } from '../../../../src/api/deviceMessages';
import { messageState, type Message } from '../../../../src/api/entities/message';
import type { ApiErrorBody } from '../../../../src/api/errors';
import { INGEST_EARLIEST_MS, INGEST_MAX_FUTURE_MS } from '../../../../src/api/ingest';
import { createTestDatabase, type TestDatabase, bareTestApp } from '../testServer';
import {
  addActivity,
  addDevice,
  addMember,
  messageTables,
  type TestDevice,
  type TestMember,
} from './messageFixtures';

/*
 * Issue 5 item 4, device side (src/api/deviceMessages.ts; app §3 "Message thread", §4 "Message
 * delivery status"): the three /ingest/messages routes on an app with a fixed clock, against a real
 * database; the member side through server/messages/messageRepository.ts.
 */

/** The injected server clock: 2025-06-21T12:00:00Z. */
const NOW = Date.UTC(2025, 5, 21, 12, 0, 0);
const MINUTE = 60_000;

let database: TestDatabase;
let app: FastifyInstance;
let wanda: TestMember;
let olaf: TestMember;
let watch: TestDevice;

beforeAll(async () => {
  database = await createTestDatabase();
  app = bareTestApp();
  await app.register(deviceMessageRoutes, { db: database.db, clock: () => NOW });
  await app.ready();
  wanda = await addMember(database.db, 'wanda@example.com');
  olaf = await addMember(database.db, 'olaf@example.com');
  watch = await addDevice(database.db, wanda.memberId);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** Sends a message to `activityId` of `member` at server time `nowMs`; answers its MessageID. */
async function send(
  activityId: number,
  nowMs: number,
  options: { member?: TestMember; text?: string; replyOptions?: string[] } = {},
): Promise<number> {
  const outcome = await sendMessageToWearer(database.db, {
    memberId: (options.member ?? wanda).memberId,
    activityId,
    messageText: options.text ?? 'Are you OK?',
    replyOptions: options.replyOptions,
    senderName: 'Mum',
    nowMs,
  });
  if (outcome.kind !== 'sent') throw new Error(`not sent: ${outcome.kind}`);
  return outcome.messageId;
}

async function post(url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown> });
}

async function pending(key: string) {
  const res = await post('/ingest/messages', { IngestKey: key });
  expect(res.statusCode).toBe(200);
  return DeviceMessagesResponse.parse(res.json()).Messages;
}

async function report(key: string, messageId: number, state: string, time: number) {
  return post('/ingest/messages/state', {
    IngestKey: key,
    MessageID: messageId,
    State: state,
    Time: time,
  });
}

async function reply(key: string, messageId: number, text: string, time: number) {
  return post('/ingest/messages/reply', {
    IngestKey: key,
    MessageID: messageId,
    ReplyText: text,
    Time: time,
  });
}

/** Message `messageId` as the member's thread of `activityId` shows it. */
async function shown(activityId: number, messageId: number, member = wanda): Promise<Message> {
  const loaded = await loadMessageThread(database.db, { memberId: member.memberId, activityId });
  if (loaded.kind !== 'found') throw new Error('thread not found');
  const message = loaded.thread.Messages.find((m) => m.MessageID === messageId);
  if (!message) throw new Error(`message ${messageId} not in its thread`);
  return message;
}

describe('a message round trip: OUTBOX → DELIVERED → SEEN → reply', () => {
  it('follows the states of app §4 and shows the reply in the thread', async () => {
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      watch.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE);
    expect(messageState(await shown(activityId, messageId))).toBe('OUTBOX');

    expect(await pending(watch.key)).toEqual([
      {
        MessageID: messageId,
        ActivityId: activityId,
        MessageText: 'Are you OK?',
        SenderName: 'Mum',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: NOW - 10 * MINUTE,
        DeliveredTime: null,
      },
    ]);

    const delivered = await report(watch.key, messageId, 'DELIVERED', NOW - 9 * MINUTE);
    expect([delivered.statusCode, delivered.json()]).toEqual([200, { Success: true }]);
    expect(messageState(await shown(activityId, messageId))).toBe('DELIVERED');
    expect((await pending(watch.key)).map((m) => [m.MessageID, m.DeliveredTime])).toEqual([
      [messageId, NOW - 9 * MINUTE],
    ]);

    const seen = await report(watch.key, messageId, 'SEEN', NOW - 8 * MINUTE);
    expect([seen.statusCode, seen.json()]).toEqual([200, { Success: true }]);
    expect(messageState(await shown(activityId, messageId))).toBe('SEEN');
    expect(await pending(watch.key)).toEqual([]);

    const answered = await reply(watch.key, messageId, 'Yes', NOW - 7 * MINUTE);
    expect([answered.statusCode, answered.json()]).toEqual([200, { Success: true }]);
    const message = await shown(activityId, messageId);
    expect(messageState(message)).toBe('SEEN');
    expect(message.WearerMessageState).toEqual({
      DeliveredTime: NOW - 9 * MINUTE,
      SeenTime: NOW - 8 * MINUTE,
      Replies: [{ ReplyText: 'Yes', ReceivedTime: NOW - 7 * MINUTE }],
    });
  });

  it('lists the unseen messages of all the device’s activities, oldest first', async () => {
    const device = await addDevice(database.db, wanda.memberId);
    const morning = await addActivity(
      database.db,
      wanda.memberId,
      device.deviceId,
      NOW - 5 * 60 * MINUTE,
    );
    const noon = await addActivity(database.db, wanda.memberId, device.deviceId, NOW - 60 * MINUTE);
    const third = await send(noon, NOW - 3 * MINUTE, { text: 'Third' });
    const first = await send(morning, NOW - 200 * MINUTE, { text: 'First' });
    const second = await send(noon, NOW - 30 * MINUTE, { text: 'Second' });
    expect((await pending(device.key)).map((m) => [m.MessageID, m.ActivityId])).toEqual([
      [first, morning],
      [second, noon],
      [third, noon],
    ]);
  });

  it(`answers at most ${DEVICE_MESSAGES_MAX} messages, the oldest; the rest once those are seen`, async () => {
    const device = await addDevice(database.db, wanda.memberId);
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      device.deviceId,
      NOW - 600 * MINUTE,
    );
    const ids: number[] = [];
    for (let i = 0; i <= DEVICE_MESSAGES_MAX; i += 1) {
      ids.push(await send(activityId, NOW - 500 * MINUTE + i * 1_000));
    }
    expect((await pending(device.key)).map((m) => m.MessageID)).toEqual(
      ids.slice(0, DEVICE_MESSAGES_MAX),
    );
    expect((await report(device.key, ids[0] ?? 0, 'SEEN', NOW)).statusCode).toBe(200);
    expect((await pending(device.key)).map((m) => m.MessageID)).toEqual(ids.slice(1));
  });
});

describe('idempotent reports and replies', () => {
  it('keeps the first delivered and seen times when a state is re-sent', async () => {
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      watch.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE);
    for (const time of [NOW - 9 * MINUTE, NOW - 9 * MINUTE, NOW - 2 * MINUTE]) {
      expect((await report(watch.key, messageId, 'DELIVERED', time)).statusCode).toBe(200);
    }
    for (const time of [NOW - 5 * MINUTE, NOW - MINUTE, NOW - 6 * MINUTE]) {
      expect((await report(watch.key, messageId, 'SEEN', time)).statusCode).toBe(200);
    }
    expect((await report(watch.key, messageId, 'DELIVERED', NOW)).statusCode).toBe(200);
    expect((await shown(activityId, messageId)).WearerMessageState).toEqual({
      DeliveredTime: NOW - 9 * MINUTE,
      SeenTime: NOW - 5 * MINUTE,
      Replies: [],
    });
  });

  it('SEEN of an undelivered message sets both times', async () => {
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      watch.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE);
    expect((await report(watch.key, messageId, 'SEEN', NOW - 4 * MINUTE)).statusCode).toBe(200);
    expect((await shown(activityId, messageId)).WearerMessageState).toMatchObject({
      DeliveredTime: NOW - 4 * MINUTE,
      SeenTime: NOW - 4 * MINUTE,
    });
  });

  it('clamps a device time before the message was sent to the sent time', async () => {
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      watch.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE);
    expect((await report(watch.key, messageId, 'DELIVERED', NOW - 30 * MINUTE)).statusCode).toBe(
      200,
    );
    expect((await reply(watch.key, messageId, 'No', NOW - 40 * MINUTE)).statusCode).toBe(200);
    expect((await shown(activityId, messageId)).WearerMessageState).toEqual({
      DeliveredTime: NOW - 10 * MINUTE,
      SeenTime: NOW - 10 * MINUTE,
      Replies: [{ ReplyText: 'No', ReceivedTime: NOW - 10 * MINUTE }],
    });
  });

  it('stores the same reply at the same time once, also when sent twice at once', async () => {
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      watch.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE, { replyOptions: ['Fine', 'Help'] });
    const answers = await Promise.all([
      reply(watch.key, messageId, 'Fine', NOW - 5 * MINUTE),
      reply(watch.key, messageId, 'Fine', NOW - 5 * MINUTE),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect((await reply(watch.key, messageId, 'Fine', NOW - 5 * MINUTE)).statusCode).toBe(200);
    // A different answer, or the same one later, is a new reply.
    expect((await reply(watch.key, messageId, 'Help', NOW - 4 * MINUTE)).statusCode).toBe(200);
    expect((await reply(watch.key, messageId, 'Fine', NOW - 3 * MINUTE)).statusCode).toBe(200);
    expect((await shown(activityId, messageId)).WearerMessageState).toEqual({
      DeliveredTime: NOW - 5 * MINUTE,
      SeenTime: NOW - 5 * MINUTE,
      Replies: [
        { ReplyText: 'Fine', ReceivedTime: NOW - 5 * MINUTE },
        { ReplyText: 'Help', ReceivedTime: NOW - 4 * MINUTE },
        { ReplyText: 'Fine', ReceivedTime: NOW - 3 * MINUTE },
      ],
    });
  });
});

describe('refused calls write nothing', () => {
  let activityId = 0;
  let messageId = 0;
  beforeAll(async () => {
    activityId = await addActivity(database.db, wanda.memberId, watch.deviceId, NOW - 60 * MINUTE);
    messageId = await send(activityId, NOW - 10 * MINUTE, { replyOptions: ['Yes', 'No'] });
  });

  it.each(['Maybe', 'yes', 'Yes ', 'No, Yes'])(
    'answers 400 for the reply %j, not one of the reply options',
    async (text) => {
      const before = await messageTables(database.db);
      const res = await reply(watch.key, messageId, text, NOW - MINUTE);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>()).toEqual({
        ErrorCode: 'REQUEST_INVALID',
        Error:
          "Invalid request: body.ReplyText: ReplyText must be one of the message's reply options: 'Yes', 'No'",
        Issues: [
          {
            Path: 'body.ReplyText',
            Message: "ReplyText must be one of the message's reply options: 'Yes', 'No'",
          },
        ],
      });
      expect(await messageTables(database.db)).toEqual(before);
    },
  );

  const badTimes: [string, unknown, string][] = [
    ['before 2000-01-01', INGEST_EARLIEST_MS - 1, 'Time is before 2000-01-01'],
    [
      'over 5 minutes ahead',
      NOW + INGEST_MAX_FUTURE_MS + 1,
      'Time is more than 5 minutes in the future',
    ],
    ['negative', -1, 'Too small: expected number to be >=0'],
    ['fractional', NOW - 1.5, 'Invalid input: expected int, received number'],
    ['a string', String(NOW), 'Invalid input: expected number, received string'],
    ['missing', undefined, 'Invalid input: expected number, received undefined'],
  ];
  describe.each([
    ['/ingest/messages/state', { State: 'DELIVERED' }],
    ['/ingest/messages/reply', { ReplyText: 'Yes' }],
  ] as const)('%s', (url, fields) => {
    it.each(badTimes)('answers 400 for a time %s', async (_name, time, message) => {
      const before = await messageTables(database.db);
      const res = await post(url, {
        IngestKey: watch.key,
        MessageID: messageId,
        Time: time,
        ...fields,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({
        ErrorCode: 'REQUEST_INVALID',
        Issues: [{ Path: 'body.Time', Message: message }],
      });
      expect(await messageTables(database.db)).toEqual(before);
    });
  });

  it('accepts the time limits: 2000-01-01 and 5 minutes ahead', async () => {
    const other = await send(activityId, INGEST_EARLIEST_MS - MINUTE);
    expect((await report(watch.key, other, 'DELIVERED', INGEST_EARLIEST_MS)).statusCode).toBe(200);
    expect((await report(watch.key, other, 'SEEN', NOW + INGEST_MAX_FUTURE_MS)).statusCode).toBe(
      200,
    );
    expect((await shown(activityId, other)).WearerMessageState).toMatchObject({
      DeliveredTime: INGEST_EARLIEST_MS,
      SeenTime: NOW + INGEST_MAX_FUTURE_MS,
    });
  });

  const badBodies: [string, string, unknown, string][] = [
    ['no key', '/ingest/messages', { IngestKey: undefined }, 'body.IngestKey'],
    ['an empty key', '/ingest/messages', { IngestKey: '' }, 'body.IngestKey'],
    ['a number as key', '/ingest/messages', { IngestKey: 42 }, 'body.IngestKey'],
    ['an array body', '/ingest/messages', [], 'body'],
    ['an unknown state', '/ingest/messages/state', { State: 'READ' }, 'body.State'],
    ['message id 0', '/ingest/messages/state', { State: 'SEEN', MessageID: 0 }, 'body.MessageID'],
    [
      'a message id string',
      '/ingest/messages/reply',
      { ReplyText: 'Yes', MessageID: 'x' },
      'body.MessageID',
    ],
    ['an empty reply', '/ingest/messages/reply', { ReplyText: '' }, 'body.ReplyText'],
    [
      'a reply over 20 characters',
      '/ingest/messages/reply',
      { ReplyText: 'y'.repeat(21) },
      'body.ReplyText',
    ],
    ['no reply text', '/ingest/messages/reply', {}, 'body.ReplyText'],
  ];
  it.each(badBodies)('answers 400 for %s', async (_name, url, body, path) => {
    const before = await messageTables(database.db);
    const payload = Array.isArray(body)
      ? body
      : { IngestKey: watch.key, MessageID: messageId, Time: NOW - MINUTE, ...(body as object) };
    const res = await post(url, payload);
    expect(res.statusCode).toBe(400);
    const error = res.json<ApiErrorBody>();
    expect(error.ErrorCode).toBe('REQUEST_INVALID');
    expect(error.Issues?.map((issue) => issue.Path)).toContain(path);
    expect(await messageTables(database.db)).toEqual(before);
  });
});

describe('keys and ownership', () => {
  it('answers 401 AUTH for an unknown key on every route', async () => {
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      watch.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE);
    const before = await messageTables(database.db);
    for (const res of [
      await post('/ingest/messages', { IngestKey: 'not-a-key' }),
      await report('not-a-key', messageId, 'SEEN', NOW),
      await reply('not-a-key', messageId, 'Yes', NOW),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ErrorCode: 'AUTH', Error: 'Unknown or revoked ingest key' });
    }
    expect(await messageTables(database.db)).toEqual(before);
  });

  it('answers 401 for the key of a removed device, and its new owner never sees the old messages', async () => {
    const device = await addDevice(database.db, wanda.memberId);
    const activityId = await addActivity(
      database.db,
      wanda.memberId,
      device.deviceId,
      NOW - 60 * MINUTE,
    );
    const messageId = await send(activityId, NOW - 10 * MINUTE);
    await removeDevice(database.db, wanda.memberId, device.deviceId);
    expect((await post('/ingest/messages', { IngestKey: device.key })).statusCode).toBe(401);
    expect((await report(device.key, messageId, 'SEEN', NOW)).statusCode).toBe(401);
    expect((await reply(device.key, messageId, 'Yes', NOW)).statusCode).toBe(401);

    // The same device, activated by Olaf with a new key.
    const newKey = 'olafs-new-key-for-the-passed-on-watch';
    await database.db
      .updateTable('devices')
      .set({ member_id: olaf.memberId, ingest_key: newKey, registered_at: new Date() })
      .where('device_id', '=', device.deviceId)
      .execute();
    expect(await pending(newKey)).toEqual([]);
    expect((await report(newKey, messageId, 'SEEN', NOW)).statusCode).toBe(404);
    expect(messageState(await shown(activityId, messageId))).toBe('OUTBOX');
  });

  it("answers 404 for another member's message and for another device's, changing nothing", async () => {
    const olafsWatch = await addDevice(database.db, olaf.memberId);
    const olafsActivity = await addActivity(
      database.db,
      olaf.memberId,
      olafsWatch.deviceId,
      NOW - 60 * MINUTE,
    );
    const olafsMessage = await send(olafsActivity, NOW - 10 * MINUTE, { member: olaf });
    const spareWatch = await addDevice(database.db, wanda.memberId);
    const spareActivity = await addActivity(
      database.db,
      wanda.memberId,
      spareWatch.deviceId,
      NOW - 60 * MINUTE,
    );
    const spareMessage = await send(spareActivity, NOW - 10 * MINUTE);
    const noDeviceActivity = await addActivity(
      database.db,
      wanda.memberId,
      null,
      NOW - 60 * MINUTE,
    );
    const noDeviceMessage = await send(noDeviceActivity, NOW - 10 * MINUTE);

    const listed = (await pending(watch.key)).map((m) => m.MessageID);
    for (const foreign of [olafsMessage, spareMessage, noDeviceMessage]) {
      expect(listed).not.toContain(foreign);
    }
    const before = await messageTables(database.db);
    for (const foreign of [olafsMessage, spareMessage, noDeviceMessage, 999_999]) {
      for (const res of [
        await report(watch.key, foreign, 'DELIVERED', NOW),
        await report(watch.key, foreign, 'SEEN', NOW),
        await reply(watch.key, foreign, 'Yes', NOW),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          ErrorCode: 'NOT_FOUND',
          Error: `No message ${foreign} for this device`,
        });
      }
    }
    expect(await messageTables(database.db)).toEqual(before);
    expect(messageState(await shown(olafsActivity, olafsMessage, olaf))).toBe('OUTBOX');
    // Olaf's own watch does see it.
    expect((await pending(olafsWatch.key)).map((m) => m.MessageID)).toEqual([olafsMessage]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePublication } from '../../../../server/messages/messageChanges';
import { sendMessageToWearer } from '../../../../server/messages/messageRepository';
import { EntityChanges } from '../../../../src/api/socket';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { connectProbe, type Probe } from '../socketProbe';
import {
  addActivity,
  addDevice,
  memberByEmail,
  type TestDevice,
  type TestMember,
} from './messageFixtures';

/*
 * Issue 5 item 4 with the realtime socket (app §4 "messages refresh on change events", §7
 * EntityChanges): once a device's report or reply has committed, the member's verified sockets get
 * MessageThread and MessageWearer changes; a repeated or refused call sends nothing, and other members
 * hear nothing. Runs the whole server (buildServer) on a real port.
 */

const VERIFY_URL = '/api/member-integration-public/verify-socket-user';

const server = registerListeningTestServer();
const probes: Probe[] = [];

let wanda: TestMember;
let watch: TestDevice;
let wandaSocket: Probe;
let olafSocket: Probe;
let activityId = 0;
let threadId = 0;
let messageId = 0;
let sentPublication: MessagePublication;

async function verifiedSocket(token: string): Promise<Probe> {
  const probe = await connectProbe(server.origin, probes);
  const res = await server.app.inject({
    method: 'POST',
    url: VERIFY_URL,
    payload: { MemberIntegrationToken: token, SocketID: probe.id },
  });
  expect(res.json()).toEqual({ Success: true });
  return probe;
}

beforeAll(async () => {
  const [wandaToken, olafToken] = await memberIntegrationTokens(server, [
    'wanda@example.com',
    'olaf@example.com',
  ] as const);
  const db = server.database.db;
  wanda = await memberByEmail(db, 'wanda@example.com');
  watch = await addDevice(db, wanda.memberId);
  activityId = await addActivity(db, wanda.memberId, watch.deviceId, Date.now() - 3_600_000);
  const sent = await sendMessageToWearer(db, {
    memberId: wanda.memberId,
    activityId,
    messageText: 'Storm coming, turn back?',
    replyOptions: ['Turning back', 'Staying'],
    senderName: 'Harbour master',
    nowMs: Date.now() - 60_000,
  });
  if (sent.kind !== 'sent') throw new Error(`not sent: ${sent.kind}`);
  threadId = sent.thread.MessageThreadID;
  messageId = sent.messageId;
  sentPublication = sent.publication;
  wandaSocket = await verifiedSocket(wandaToken);
  olafSocket = await verifiedSocket(olafToken);
});

afterAll(() => {
  for (const probe of probes) probe.close();
});

async function post(url: string, payload: Record<string, unknown>) {
  const res = await server.app.inject({
    method: 'POST',
    url,
    payload: { IngestKey: watch.key, MessageID: messageId, Time: Date.now() - 1_000, ...payload },
  });
  return res.statusCode;
}

/** The EntityChanges a device call on Wanda's message publishes. */
function messageUpdated(): EntityChanges {
  const common = {
    ChangeType: 'updated' as const,
    Timestamp: expect.any(Number) as number,
    WearerID: wanda.wearerId,
    ActivityId: activityId,
  };
  return [
    { EntityType: 'MessageThread', EntityId: threadId, ...common },
    { EntityType: 'MessageWearer', EntityId: messageId, ...common },
  ];
}

/** Round trips both sockets and answers how many EntityChanges each has received. */
async function changeCounts(): Promise<[number, number]> {
  await wandaSocket.ping();
  await olafSocket.ping();
  return [
    wandaSocket.received('EntityChanges').length,
    olafSocket.received('EntityChanges').length,
  ];
}

describe('device message calls → member sockets', () => {
  it("delivers the sender side's publication (what the share routes will publish)", async () => {
    expect(
      server.app.realtime.publishEntityChanges(sentPublication.memberId, sentPublication.changes),
    ).toBe(true);
    const created = {
      Timestamp: expect.any(Number) as number,
      WearerID: wanda.wearerId,
      ActivityId: activityId,
    };
    expect(EntityChanges.parse(await wandaSocket.nth('EntityChanges', 1))).toEqual([
      { EntityType: 'MessageThread', EntityId: threadId, ChangeType: 'created', ...created },
      { EntityType: 'MessageWearer', EntityId: messageId, ChangeType: 'created', ...created },
    ]);
    expect(await changeCounts()).toEqual([1, 0]);
  });

  it('sends DELIVERED and SEEN to the member once each, and nothing to others', async () => {
    const start = (await changeCounts())[0];
    expect(await post('/ingest/messages/state', { State: 'DELIVERED' })).toBe(200);
    expect(EntityChanges.parse(await wandaSocket.nth('EntityChanges', start + 1))).toEqual(
      messageUpdated(),
    );
    expect(await post('/ingest/messages/state', { State: 'DELIVERED' })).toBe(200);
    expect(await changeCounts()).toEqual([start + 1, 0]);

    expect(await post('/ingest/messages/state', { State: 'SEEN' })).toBe(200);
    expect(EntityChanges.parse(await wandaSocket.nth('EntityChanges', start + 2))).toEqual(
      messageUpdated(),
    );
    expect(await post('/ingest/messages/state', { State: 'SEEN' })).toBe(200);
    expect(await changeCounts()).toEqual([start + 2, 0]);
  });

  it('sends a reply once, and nothing for a repeated or refused one', async () => {
    const start = (await changeCounts())[0];
    const time = Date.now() - 500;
    expect(await post('/ingest/messages/reply', { ReplyText: 'Turning back', Time: time })).toBe(
      200,
    );
    expect(EntityChanges.parse(await wandaSocket.nth('EntityChanges', start + 1))).toEqual(
      messageUpdated(),
    );
    expect(await post('/ingest/messages/reply', { ReplyText: 'Turning back', Time: time })).toBe(
      200,
    );
    expect(await post('/ingest/messages/reply', { ReplyText: 'Yes', Time: time })).toBe(400);
    expect(await post('/ingest/messages/state', { State: 'SEEN', MessageID: 999_999 })).toBe(404);
    expect(await changeCounts()).toEqual([start + 1, 0]);
  });
});

import { describe, expect, it } from 'vitest';
import { replyFromDevice } from '../../../../server/messages/deviceMessageRepository';
import { sendMessageToWearer } from '../../../../server/messages/messageRepository';
import { memberWearerActivityMessages } from '../../../../src/api/calls/memberIntegrationActivities';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { addActivity, addDevice, memberByEmail, messageTables } from './messageFixtures';

/*
 * member-wearer-activity-messages (server/messages/memberMessageRoutes.ts; docs/activities.md
 * "Messages"): the member reads the messages guardians sent during one of their activities, with the
 * wearer's replies; another member's activity looks like an unknown one; reading writes nothing.
 */

const server = registerListeningTestServer();
const T0 = Date.UTC(2025, 5, 21, 10, 0, 0);

/** Two signed-up members and an activity of Wanda's; built once for the file. */
let setUpOnce: ReturnType<typeof signUp> | undefined;
const setUp = () => (setUpOnce ??= signUp());

async function signUp() {
  const [wandaToken, olafToken] = await memberIntegrationTokens(server, [
    'wanda.messages@example.com',
    'olaf.messages@example.com',
  ]);
  const wanda = await memberByEmail(server.database.db, 'wanda.messages@example.com');
  const watch = await addDevice(server.database.db, wanda.memberId);
  const activityId = await addActivity(server.database.db, wanda.memberId, watch.deviceId, T0);
  return { wandaToken, olafToken, wanda, watch, activityId };
}

function read(token: string, payload: object) {
  return server.app.inject({
    method: 'POST',
    url: '/api/member-integration/member-wearer-activity-messages',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

describe('member-wearer-activity-messages', () => {
  it('answers the thread with replies to its member, 404 to another member, and writes nothing', async () => {
    const { wandaToken, olafToken, wanda, watch, activityId } = await setUp();

    const before = await read(wandaToken, { ActivityId: activityId });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ MessageThread: null });
    // Reading an activity nobody wrote to creates no thread (message-load-thread would).
    expect((await messageTables(server.database.db)).threads).toEqual([]);

    const sent = await sendMessageToWearer(server.database.db, {
      memberId: wanda.memberId,
      activityId,
      messageText: 'Are you OK?',
      senderName: 'Mum',
      nowMs: T0 + 60_000,
    });
    if (sent.kind !== 'sent') throw new Error(sent.kind);
    const replied = await replyFromDevice(server.database.db, {
      ingestKey: watch.key,
      messageId: sent.messageId,
      replyText: 'Yes',
      timeMs: T0 + 120_000,
      nowMs: T0 + 120_000,
    });
    expect(replied.kind).toBe('stored');

    const after = await read(wandaToken, { ActivityId: activityId });
    expect(after.statusCode).toBe(200);
    const body = memberWearerActivityMessages.response.parse(after.json());
    expect(body.MessageThread).toEqual({
      MessageThreadID: sent.thread.MessageThreadID,
      ActivityId: activityId,
      Messages: [
        {
          MessageID: sent.messageId,
          MessageText: 'Are you OK?',
          SenderName: 'Mum',
          ReplyOptions: ['No', 'Yes'],
          SentTimestamp: T0 + 60_000,
          WearerMessageState: {
            DeliveredTime: T0 + 120_000,
            SeenTime: T0 + 120_000,
            Replies: [{ ReplyText: 'Yes', ReceivedTime: T0 + 120_000 }],
          },
        },
      ],
    });

    const tables = await messageTables(server.database.db);
    const foreign = await read(olafToken, { ActivityId: activityId });
    const unknown = await read(olafToken, { ActivityId: activityId + 1000 });
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.json()).toMatchObject({ ErrorCode: 'UNKNOWN', Error: 'No such activity' });
    expect(await messageTables(server.database.db)).toEqual(tables);
  });

  it('answers 401 without a member token and 400 REQUEST_INVALID for a bad ActivityId', async () => {
    const { wandaToken } = await setUp();
    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/member-integration/member-wearer-activity-messages',
      payload: { ActivityId: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await read(wandaToken, { ActivityId: 'seven' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});

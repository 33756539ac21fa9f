import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MessageThread } from '../../../../src/api/entities/message';
import { EntityChanges } from '../../../../src/api/socket';
import { insertActivity } from '../shares/shareFixtures';
import {
  DAY,
  MINUTE,
  T0,
  addWearer,
  post,
  registerViewingServer,
  share,
  sosActivity,
  viewerSocket,
  type Wearer,
} from './viewingServer';

/*
 * message-send and message-load-thread through a share (issue 8 item 3; app §7, policy §3 "Message"):
 * a viewer's message reaches the activity's thread with the share and viewer recorded, the thread
 * loads back, the viewers' sockets hear the change, and only activities the share shows take messages.
 */

const server = registerViewingServer();
let wanda: Wearer;
let live = { activityId: 0, alertId: 0 };
let oldActivity = 0;

beforeAll(async () => {
  wanda = await addWearer(server, 'wanda@example.com');
  server.now = T0 + 2 * MINUTE;
  live = await sosActivity(server, wanda);
  oldActivity = await insertActivity(server.database.db, wanda.memberId, T0 - 10 * DAY);
});

beforeEach(() => {
  server.now = T0 + 3 * MINUTE;
});

const messageRows = () =>
  server.database.db.selectFrom('messages').selectAll().orderBy('message_id').execute();

describe('message-send and message-load-thread', () => {
  it('sends a message to the shared activity’s wearer and loads it back; the viewers hear it', async () => {
    const created = await share(server, wanda.memberId, { kind: 'activity', ...live });
    const socket = await viewerSocket(server, created.token);
    const sent = await post(server, 'message-send', {
      ShareToken: created.token,
      ShareViewerId: 'viewer-a',
      ActivityId: live.activityId,
      MessageText: 'Are you safe? Reply please.',
      SenderName: 'Harbour',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const thread = sent.json<{ MessageThread: MessageThread }>().MessageThread;
    expect(thread.ActivityId).toBe(live.activityId);
    expect(thread.Messages).toEqual([
      {
        MessageID: expect.any(Number) as number,
        MessageText: 'Are you safe? Reply please.',
        SenderName: 'Harbour',
        ReplyOptions: ['No', 'Yes'],
        SentTimestamp: server.now,
        WearerMessageState: { DeliveredTime: null, SeenTime: null, Replies: [] },
      },
    ]);
    expect(await messageRows()).toMatchObject([
      { share_id: created.shareId, share_viewer_id: 'viewer-a', sent_ms: server.now },
    ]);

    const loaded = await post(server, 'message-load-thread', {
      ShareToken: created.token,
      ActivityId: live.activityId,
    });
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toEqual({ MessageThread: thread });

    const changes = EntityChanges.parse(await socket.nth('EntityChanges', 1));
    expect(changes.map((change) => [change.EntityType, change.ChangeType])).toEqual([
      ['MessageThread', 'created'],
      ['MessageWearer', 'created'],
    ]);
    expect(changes.every((change) => change.ActivityId === live.activityId)).toBe(true);
  });

  it('takes messages for an activity of a shared journey, with chosen reply options', async () => {
    const { token } = await share(server, wanda.memberId, {
      kind: 'journey',
      startMs: T0 - 11 * DAY,
      endMs: T0 - 9 * DAY,
    });
    const sent = await post(server, 'message-send', {
      ShareToken: token,
      ActivityId: oldActivity,
      MessageText: 'How was the trip?',
      ReplyOptions: ['Great', 'Tiring'],
      SenderName: 'Mum',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const thread = sent.json<{ MessageThread: MessageThread }>().MessageThread;
    expect(thread.Messages.map((message) => message.ReplyOptions)).toEqual([['Great', 'Tiring']]);
  });

  it('shows a journey share the messages sent within its window or through itself, not others', async () => {
    const activityId = await insertActivity(server.database.db, wanda.memberId, T0 - 20 * DAY);
    const window = { kind: 'journey' as const, startMs: T0 - 21 * DAY, endMs: T0 - 19 * DAY };
    const journey = await share(server, wanda.memberId, window);
    const other = await share(server, wanda.memberId, { ...window, endMs: T0 + DAY });
    const send = async (token: string, text: string) => {
      const sent = await post(server, 'message-send', {
        ShareToken: token,
        ActivityId: activityId,
        MessageText: text,
        SenderName: 'Mum',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json<{ MessageThread: MessageThread }>().MessageThread;
    };
    const texts = (thread: MessageThread) => thread.Messages.map((message) => message.MessageText);
    server.now = T0 - 20 * DAY;
    await send(other.token, 'During the trip');
    server.now = T0 + 3 * MINUTE;
    // Weeks later, through another guardian's link whose window reaches today.
    await send(other.token, 'A word from someone else');
    const loaded = await post(server, 'message-load-thread', {
      ShareToken: journey.token,
      ActivityId: activityId,
    });
    expect(texts(loaded.json<{ MessageThread: MessageThread }>().MessageThread)).toEqual([
      'During the trip',
    ]);
    expect(texts(await send(journey.token, 'Mine, today'))).toEqual([
      'During the trip',
      'Mine, today',
    ]);
  });

  it.each([
    ['an activity outside the shared journey', () => live.activityId],
    ['an unknown activity', () => 987_654_321],
  ])('refuses %s on both calls with one not-found, and writes nothing', async (_name, id) => {
    const { token } = await share(server, wanda.memberId, {
      kind: 'journey',
      startMs: T0 - 11 * DAY,
      endMs: T0 - 9 * DAY,
    });
    const before = await messageRows();
    const threadsBefore = await server.database.db
      .selectFrom('message_threads')
      .selectAll()
      .execute();
    for (const call of ['message-send', 'message-load-thread']) {
      const res = await post(server, call, {
        ShareToken: token,
        ActivityId: id(),
        MessageText: 'Hello',
        SenderName: 'Mum',
      });
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { ErrorCode: 'NOT_FOUND', Error: 'No such activity' },
      ]);
    }
    expect(await messageRows()).toEqual(before);
    expect(await server.database.db.selectFrom('message_threads').selectAll().execute()).toEqual(
      threadsBefore,
    );
  });
});

import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DeviceMessageReplyRequest,
  DeviceMessagesRequest,
  DeviceMessageStateRequest,
  type DeviceMessage,
} from '../../../src/api/deviceMessages';
import {
  startSimulation,
  type ReplyChoice,
  type Simulation,
  type SimulationEvent,
} from '../../../tools/simulator';
import { readTrackFile, type TrackPoint } from '../../../tools/tracks';
import { empty, fakeFetch, json, type FakeCall } from './fakeFetch';

const TRACKS = path.resolve(import.meta.dirname, '../../fixtures/tracks');
const START_MS = Date.UTC(2025, 5, 1, 12, 0, 0);

let run: readonly TrackPoint[];
beforeAll(async () => {
  const [washington] = await readTrackFile(path.join(TRACKS, 'run-washington-dc-hr.gpx'));
  run = washington?.points ?? [];
});

let simulation: Simulation | null = null;
beforeEach(() => {
  vi.useFakeTimers({ now: START_MS });
});
afterEach(async () => {
  await simulation?.stop();
  simulation = null;
  vi.useRealTimers();
});

function message(id: number, options: string[] = ['No', 'Yes']): DeviceMessage {
  return {
    MessageID: id,
    ActivityId: 7,
    MessageText: 'Are you OK?',
    SenderName: 'Guardian',
    ReplyOptions: options,
    SentTimestamp: START_MS - 60_000,
    DeliveredTime: null,
  };
}

/**
 * An in-memory server for one device: OsmAnd answers 200; the message routes keep to
 * src/api/deviceMessages.ts (bodies checked with its schemas; a reply must be one of the options and
 * marks the message seen; seen messages are no longer listed).
 */
function messageServer(initial: DeviceMessage[]) {
  const messages = [...initial];
  const seen = new Set<number>();
  const delivered = new Map<number, number>();
  const answer = (call: FakeCall): Response => {
    const route = call.url.pathname;
    if (route === '/ingest/osmand') return empty();
    if (route === '/ingest/messages') {
      DeviceMessagesRequest.parse(call.body);
      const pending = messages
        .filter((m) => !seen.has(m.MessageID))
        .map((m) => ({ ...m, DeliveredTime: delivered.get(m.MessageID) ?? m.DeliveredTime }));
      return json(200, { Messages: pending });
    }
    if (route === '/ingest/messages/state') {
      const request = DeviceMessageStateRequest.parse(call.body);
      if (request.State === 'DELIVERED') delivered.set(request.MessageID, request.Time);
      else seen.add(request.MessageID);
      return json(200, { Success: true });
    }
    if (route === '/ingest/messages/reply') {
      const request = DeviceMessageReplyRequest.parse(call.body);
      const target = messages.find((m) => m.MessageID === request.MessageID);
      if (!target?.ReplyOptions.includes(request.ReplyText)) {
        return json(400, { ErrorCode: 'REQUEST_INVALID', Error: 'not one of the options' });
      }
      seen.add(request.MessageID);
      return json(200, { Success: true });
    }
    return json(404, { ErrorCode: 'NOT_FOUND', Error: `No route for ${route}` });
  };
  return { messages, answer };
}

/** The message calls (not OsmAnd), as [ms after start, route, body without the key]. */
function messageCalls(calls: readonly FakeCall[]) {
  return calls
    .filter((call) => call.url.pathname.startsWith('/ingest/messages'))
    .map((call) => {
      const { IngestKey, ...rest } = call.body as { IngestKey: string };
      expect(IngestKey).toBe('key-1');
      return [call.atMs - START_MS, call.url.pathname, rest] as const;
    });
}

function start(
  fetch: typeof globalThis.fetch,
  reply?: ReplyChoice,
  extra: { random?: () => number; events?: SimulationEvent[] } = {},
): void {
  simulation = startSimulation(
    {
      server: 'http://lifeline.test',
      ingestKey: 'key-1',
      points: run,
      ...(reply ? { reply } : {}),
    },
    {
      fetch,
      ...(extra.random ? { random: extra.random } : {}),
      onEvent: (event) => extra.events?.push(event),
    },
  );
}

describe('the simulated watch answering messages (virtual time)', () => {
  it('marks a message DELIVERED, SEEN 3 s later, and replies with the last option 2 s after', async () => {
    const server = messageServer([message(41)]);
    const device = fakeFetch(server.answer);
    const events: SimulationEvent[] = [];
    start(device.fetch, undefined, { events });
    await vi.advanceTimersByTimeAsync(30_000);

    expect(messageCalls(device.calls)).toEqual([
      [0, '/ingest/messages', {}],
      [0, '/ingest/messages/state', { MessageID: 41, State: 'DELIVERED', Time: START_MS }],
      [3_000, '/ingest/messages/state', { MessageID: 41, State: 'SEEN', Time: START_MS + 3_000 }],
      [
        5_000,
        '/ingest/messages/reply',
        { MessageID: 41, ReplyText: 'Yes', Time: START_MS + 5_000 },
      ],
      // The next polls, 10 s after the previous one ended, find nothing new.
      [15_000, '/ingest/messages', {}],
      [25_000, '/ingest/messages', {}],
    ]);
    expect(events.filter((e) => e.type.startsWith('message'))).toEqual([
      { type: 'message-delivered', messageId: 41, senderName: 'Guardian', text: 'Are you OK?' },
      { type: 'message-seen', messageId: 41 },
      { type: 'message-replied', messageId: 41, replyText: 'Yes' },
    ]);
    expect(simulation?.stats).toMatchObject({
      messagesDelivered: 1,
      messagesSeen: 1,
      messagesReplied: 1,
    });
  });

  it.each([
    ['first', 0.5, 'Never'],
    ['last', 0.5, 'Soon'],
    ['random', 0.5, 'Later'],
    ['random', 0.999, 'Soon'],
  ] as const)('replies with the %s option (random() = %s)', async (choice, random, expected) => {
    const server = messageServer([message(5, ['Never', 'Later', 'Soon'])]);
    const device = fakeFetch(server.answer);
    start(device.fetch, choice, { random: () => random });
    await vi.advanceTimersByTimeAsync(6_000);
    const replies = messageCalls(device.calls).filter(([, route]) => route.endsWith('/reply'));
    expect(replies.map(([, , body]) => (body as { ReplyText: string }).ReplyText)).toEqual([
      expected,
    ]);
  });

  it('with reply none, reads the message but does not answer', async () => {
    const server = messageServer([message(6)]);
    const device = fakeFetch(server.answer);
    start(device.fetch, 'none');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(messageCalls(device.calls).map(([at, route]) => [at, route])).toEqual([
      [0, '/ingest/messages'],
      [0, '/ingest/messages/state'],
      [3_000, '/ingest/messages/state'],
      [13_000, '/ingest/messages'],
      [23_000, '/ingest/messages'],
    ]);
  });

  it('picks up a message sent later at the next poll, and skips DELIVERED when already delivered', async () => {
    const server = messageServer([]);
    const device = fakeFetch(server.answer);
    start(device.fetch);
    await vi.advanceTimersByTimeAsync(12_000);
    server.messages.push({ ...message(9), DeliveredTime: START_MS - 1_000 });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(messageCalls(device.calls)).toEqual([
      [0, '/ingest/messages', {}],
      [10_000, '/ingest/messages', {}],
      [20_000, '/ingest/messages', {}],
      [23_000, '/ingest/messages/state', { MessageID: 9, State: 'SEEN', Time: START_MS + 23_000 }],
      [
        25_000,
        '/ingest/messages/reply',
        { MessageID: 9, ReplyText: 'Yes', Time: START_MS + 25_000 },
      ],
    ]);
  });

  it('resends a state report refused with 503 with the same device time', async () => {
    const server = messageServer([message(11)]);
    let failures = 1;
    const device = fakeFetch((call) => {
      if (call.url.pathname === '/ingest/messages/state' && failures > 0) {
        failures -= 1;
        return json(503, { ErrorCode: 'UNKNOWN', Error: 'busy' });
      }
      return server.answer(call);
    });
    start(device.fetch);
    await vi.advanceTimersByTimeAsync(8_000);
    expect(messageCalls(device.calls).slice(0, 4)).toEqual([
      [0, '/ingest/messages', {}],
      [0, '/ingest/messages/state', { MessageID: 11, State: 'DELIVERED', Time: START_MS }],
      [1_000, '/ingest/messages/state', { MessageID: 11, State: 'DELIVERED', Time: START_MS }],
      [4_000, '/ingest/messages/state', { MessageID: 11, State: 'SEEN', Time: START_MS + 4_000 }],
    ]);
  });

  it('reports a refused reply once and does not send it again', async () => {
    const server = messageServer([message(12)]);
    const device = fakeFetch((call) =>
      call.url.pathname === '/ingest/messages/reply'
        ? json(400, { ErrorCode: 'REQUEST_INVALID', Error: 'ReplyText must be one of the options' })
        : server.answer(call),
    );
    const events: SimulationEvent[] = [];
    start(device.fetch, undefined, { events });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(messageCalls(device.calls).filter(([, route]) => route.endsWith('/reply'))).toHaveLength(
      1,
    );
    expect(events.filter((e) => e.type === 'message-problem')).toEqual([
      {
        type: 'message-problem',
        messageId: 12,
        message: 'reply refused: HTTP 400: ReplyText must be one of the options',
      },
    ]);
  });

  it('warns once when the server has no message routes (404), and keeps sending points', async () => {
    const device = fakeFetch((call) =>
      call.url.pathname === '/ingest/osmand'
        ? empty()
        : json(404, { ErrorCode: 'NOT_FOUND', Error: 'No route for POST /ingest/messages' }),
    );
    const events: SimulationEvent[] = [];
    start(device.fetch, undefined, { events });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(messageCalls(device.calls).length).toBeGreaterThanOrEqual(6);
    expect(events.filter((e) => e.type.startsWith('message'))).toEqual([
      { type: 'messages-unavailable' },
    ]);
    expect(simulation?.stats.pointsSent).toBeGreaterThan(1);
  });

  it('stops polling when the track ends', async () => {
    const server = messageServer([]);
    const device = fakeFetch(server.answer);
    simulation = startSimulation(
      { server: 'http://lifeline.test', ingestKey: 'key-1', points: run.slice(0, 2) },
      { fetch: device.fetch },
    );
    await vi.runAllTimersAsync();
    const stats = await simulation.done;
    expect(stats.pointsSent).toBe(2);
    const polls = messageCalls(device.calls).length;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(messageCalls(device.calls)).toHaveLength(polls);
  });
});

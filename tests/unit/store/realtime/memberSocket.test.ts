import type { Action } from '@reduxjs/toolkit';
import { http, HttpResponse } from 'msw';
import { Observable, Subject, filter, tap } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { SOCKET_VERIFY_RETRY_MS } from '../../../../src/store/timing';
import type { TelemetryWearerUpdate } from '../../../../src/api/socket';
import type { SocketConnectOptions, SocketEvent } from '../../../../src/streams/socket';
import type { AppEpic } from '../../../../src/store/epic';
import { selectRealtime } from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut, memberLoaded } from '../../../../src/store/session/sessionSlice';
import { createAppStore } from '../../../../src/store/store';
import { registerMswServer } from '../../support/mswServer';
import { until } from '../../support/until';
import { signedInIdentity, startedState, testDependencies, testMember } from '../testDependencies';

const server = registerMswServer();
const PUBLIC_API = `${testMember.DomainUrl}/api/member-integration-public`;
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

/** A socket the test drives: what the app asked for, its events, and whether it is still open. */
function fakeSockets() {
  const opened: { options: SocketConnectOptions; events: Subject<SocketEvent>; open: boolean }[] =
    [];
  const openSocket = (options: SocketConnectOptions) =>
    new Observable<SocketEvent>((subscriber) => {
      const socket = { options, events: new Subject<SocketEvent>(), open: true };
      opened.push(socket);
      const subscription = socket.events.subscribe(subscriber);
      return () => {
        socket.open = false;
        subscription.unsubscribe();
      };
    });
  return { opened, openSocket };
}

function setup(verifyAnswer: (body: unknown) => Response) {
  const verifications: unknown[] = [];
  server.use(
    http.post(`${PUBLIC_API}/verify-socket-user`, async ({ request }) => {
      const body = await request.json();
      verifications.push(body);
      return verifyAnswer(body);
    }),
    // The member's entities load too once the member is; not what these tests look at.
    http.get(`${testMember.DomainUrl}/api/member-integration/*`, () =>
      HttpResponse.json({ ErrorCode: 'NOT_FOUND', Error: 'not here' }, { status: 404 }),
    ),
  );
  const sockets = fakeSockets();
  const started = startedState(signedInIdentity(Date.now() + 3_600_000), null);
  const seen: Action[] = [];
  const recorder: AppEpic = (action$) =>
    action$.pipe(
      tap((action) => seen.push(action)),
      filter(() => false),
    );
  const store = createAppStore({
    dependencies: testDependencies({
      fetch: (input, init) => fetch(input, init),
      openSocket: sockets.openSocket,
    }),
    epics: [recorder],
    preloadedState: { ...started, session: { ...started.session, memberIntegrationToken: JWT } },
  });
  return { store, sockets, verifications, seen };
}

/** A wearer's live report of activity `5000 + wearer` with one fix. */
function liveUpdate(wearer: number): TelemetryWearerUpdate {
  return {
    WearerID: wearer,
    ActivityId: 5_000 + wearer,
    Points: [{ Time: Date.now(), X: 6.05, Y: 59.01, Hacc: 5, Alt: null, Speed: 1.2 }],
    Battery: 80,
    Status: 'ACTIVE',
    Heading: null,
  };
}

const connected = (socketId: string): SocketEvent => ({
  kind: 'state',
  state: 'connected',
  socketId,
});

describe('the member’s realtime socket (spec §4 Socket connection, §7 verify-socket-user)', () => {
  it('opens to the member’s domain with the spec’s reconnect policy and verifies each connection', async () => {
    const { store, sockets, verifications } = setup(() => HttpResponse.json({ Success: true }));
    store.dispatch(memberLoaded(testMember));
    expect(sockets.opened.map((s) => s.options)).toEqual([
      {
        url: testMember.DomainUrl,
        reconnectionAttempts: 1000,
        reconnectionDelayMs: 1000,
        reconnectionDelayMaxMs: 5000,
      },
    ]);
    const socket = sockets.opened[0];
    socket?.events.next({ kind: 'state', state: 'connecting', socketId: null });
    expect(selectRealtime(store.getState()).connection).toBe('connecting');
    socket?.events.next(connected('sock-1'));
    await until(() => selectRealtime(store.getState()).verified);
    expect(verifications).toEqual([{ MemberIntegrationToken: JWT, SocketID: 'sock-1' }]);

    // A reconnection is a new socket id: verified again, not trusted before the answer.
    socket?.events.next({ kind: 'state', state: 'reconnecting', socketId: null, attempt: 3 });
    expect(selectRealtime(store.getState())).toMatchObject({
      connection: 'reconnecting',
      attempt: 3,
      verified: false,
    });
    socket?.events.next(connected('sock-2'));
    await until(() => verifications.length === 2 && selectRealtime(store.getState()).verified);
    expect(verifications[1]).toMatchObject({ SocketID: 'sock-2' });
  });

  it('opens again when its epic failed and was restarted (src/store/epicIsolation.ts), without a new login', async () => {
    const { store, sockets, verifications, seen } = setup(() =>
      HttpResponse.json({ Success: true }),
    );
    store.dispatch(memberLoaded(testMember));
    sockets.opened[0]?.events.next(connected('sock-1'));
    await until(() => selectRealtime(store.getState()).verified);
    // A bug's error escapes the socket's stream: the epic ends and is started afresh.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    sockets.opened[0]?.events.error(new Error('a bug in an event handler'));
    logged.mockRestore();
    expect(seen.filter((a) => a.type === 'app/epicFailed')).toHaveLength(1);
    expect(sockets.opened.map((s) => s.open)).toEqual([false, true]);
    expect(sockets.opened[1]?.options.url).toBe(testMember.DomainUrl);
    sockets.opened[1]?.events.next(connected('sock-2'));
    await until(() => verifications.length === 2);
    expect(verifications[1]).toMatchObject({ SocketID: 'sock-2' });
  });

  it('turns server events into actions, and keeps the first server start time', async () => {
    const { store, sockets, seen } = setup(() => HttpResponse.json({ Success: true }));
    store.dispatch(memberLoaded(testMember));
    const socket = sockets.opened[0];
    const init = { ServerStartTimestamp: 5, BuildTimestamp: null, ServerTimestamp: 6 };
    socket?.events.next({ kind: 'SocketInit', payload: init });
    socket?.events.next({ kind: 'SocketInit', payload: { ...init, ServerStartTimestamp: 9 } });
    socket?.events.next({ kind: 'TelemetryWearerUpdate', payload: liveUpdate(1000) });
    socket?.events.next({ kind: 'invalid', event: 'EntityChanges', problem: 'bad' });
    expect(selectRealtime(store.getState()).serverStartTimestamps).toEqual({
      [testMember.DomainUrl]: 5,
    });
    // Telemetry waits for the next frame (asyncScheduler here: the next macrotask).
    await until(() => seen.some((a) => a.type === 'realtime/wearerTelemetryReceived'));
    expect(seen.filter((a) => a.type.startsWith('realtime/')).map((a) => a.type)).toEqual([
      'realtime/socketInitReceived',
      'realtime/socketInitReceived',
      'realtime/wearerTelemetryReceived',
    ]);
  });

  it('notifies the store’s subscribers once for a frame of 1,000 wearers’ reports (issue 6 item 2)', async () => {
    const { store, sockets, seen } = setup(() => HttpResponse.json({ Success: true }));
    store.dispatch(memberLoaded(testMember));
    const socket = sockets.opened[0];
    // The member's entities answer 404 here; let those six answers land before counting.
    await until(() => seen.filter((a) => /Fail(ed)?$/.test(a.type)).length === 6);
    let notifications = 0;
    store.subscribe(() => {
      notifications += 1;
    });
    // Each device report brings its activity's EntityChanges and a TelemetryWearerUpdate.
    for (let wearer = 1; wearer <= 1_000; wearer += 1) {
      const update = liveUpdate(wearer);
      socket?.events.next({
        kind: 'EntityChanges',
        payload: [
          {
            EntityType: 'Activity',
            EntityId: 5_000 + wearer,
            ChangeType: 'updated',
            Timestamp: Date.now(),
            ActivityId: 5_000 + wearer,
          },
        ],
      });
      socket?.events.next({ kind: 'TelemetryWearerUpdate', payload: update });
    }
    expect(notifications).toBe(0);
    await until(() => store.getState().liveWearers.ids.length === 1_000);
    const frameActions = seen.filter(
      (a) =>
        a.type === 'realtime/wearerTelemetryReceived' ||
        a.type === 'realtime/entityChangesReceived',
    );
    expect(frameActions.map((a) => a.type)).toEqual([
      'realtime/entityChangesReceived',
      'realtime/wearerTelemetryReceived',
    ]);
    expect(notifications).toBe(1);
  });

  it('is not verified when the server refuses the token', async () => {
    const { store, sockets, verifications } = setup(() =>
      HttpResponse.json({ ErrorCode: 'AUTH', Error: 'JWT Invalid' }, { status: 401 }),
    );
    store.dispatch(memberLoaded(testMember));
    sockets.opened[0]?.events.next(connected('sock-1'));
    await until(() => verifications.length === 1);
    await until(() => selectRealtime(store.getState()).socketId === 'sock-1');
    expect(selectRealtime(store.getState()).verified).toBe(false);
  });

  it('asks again, backing off, when the verify call gets no answer', async () => {
    let calls = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const { store, sockets, verifications } = setup(() => {
      calls += 1;
      return calls <= 2
        ? HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'busy' }, { status: 503 })
        : HttpResponse.json({ Success: true });
    });
    try {
      store.dispatch(memberLoaded(testMember));
      sockets.opened[0]?.events.next(connected('sock-1'));
      await vi.waitFor(() => {
        expect(verifications).toHaveLength(1);
      });
      await vi.advanceTimersByTimeAsync(SOCKET_VERIFY_RETRY_MS);
      expect(verifications).toHaveLength(2);
      expect(selectRealtime(store.getState()).verified).toBe(false);
      await vi.advanceTimersByTimeAsync(2 * SOCKET_VERIFY_RETRY_MS);
      expect(verifications).toHaveLength(3);
      await vi.waitFor(() => {
        expect(selectRealtime(store.getState()).verified).toBe(true);
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops asking when the socket disconnects meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    const { store, sockets, verifications } = setup(() =>
      HttpResponse.json({ ErrorCode: 'UNKNOWN', Error: 'busy' }, { status: 503 }),
    );
    try {
      store.dispatch(memberLoaded(testMember));
      sockets.opened[0]?.events.next(connected('sock-1'));
      await vi.waitFor(() => {
        expect(verifications).toHaveLength(1);
      });
      sockets.opened[0]?.events.next({ kind: 'state', state: 'disconnected', socketId: null });
      await vi.advanceTimersByTimeAsync(60 * SOCKET_VERIFY_RETRY_MS);
      expect(verifications).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps one socket per session, closes it on logout and opens a new one at the next login', () => {
    const { store, sockets } = setup(() => HttpResponse.json({ Success: true }));
    store.dispatch(memberLoaded(testMember));
    store.dispatch(memberLoaded(testMember));
    expect(sockets.opened).toHaveLength(1);
    store.dispatch(loggedOut({ reason: 'user' }));
    expect(sockets.opened[0]?.open).toBe(false);
    expect(selectRealtime(store.getState()).connection).toBe('idle');
    store.dispatch(memberLoaded(testMember));
    expect(sockets.opened).toHaveLength(2);
    expect(sockets.opened[1]?.open).toBe(true);
  });
});

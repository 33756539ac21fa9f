import { Observable, throwError, type Subscriber } from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { HttpError } from '../../../../src/api/client/apiErrors';
import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../../src/api/entities/alert';
import type { SocketCommand } from '../../../../src/api/socket';
import type { SocketConnectOptions, SocketEvent } from '../../../../src/streams/socket';
import { createStorage } from '../../../../src/streams/storage';
import { epicFailed, isolateEpic } from '../../../../src/store/epicIsolation';
import { selectMonitorCards } from '../../../../src/store/monitor/monitorCards';
import { monitorEpics } from '../../../../src/store/monitor/monitorEpics';
import {
  monitorAlertCued,
  monitorClosed,
  monitorOpened,
  monitorShareAddRequested,
  monitorShareRemoved,
  selectMonitorState,
} from '../../../../src/store/monitor/monitorSlice';
import { MONITOR_SHARES_STORAGE_KEY } from '../../../../src/store/monitor/monitorStorage';
import {
  entityChangesReceived,
  selectMonitorSocketStatus,
} from '../../../../src/store/realtime/realtimeSlice';
import { sharedViewEpics } from '../../../../src/store/shares/sharedViewEpics';
import { selectSharedView } from '../../../../src/store/shares/sharedViewsSlice';
import { MONITOR_VERIFY_RETRY_MS, SHARED_VIEW_RELOAD_AUDIT_MS } from '../../../../src/store/timing';
import {
  alert,
  answer,
  callsOf,
  detail,
  failure,
  HOUR,
  inVirtualTime,
  startStore,
  T0,
} from '../activities/activityTestKit';
import {
  ACTIVITY_SHARE_CLAIMS,
  C2_URL,
  JOURNEY_SHARE_CLAIMS,
  shareToken,
} from '../shares/shareTokens';

/*
 * The operator monitor's store (issue 8 item 6; docs/monitor.md), in virtual time: adding links,
 * persistence, loading through the share viewer's loading, ONE socket verifying every watched token,
 * targeted reloads on EntityChanges, and the new-alert cue.
 */

const TOKEN_7 = shareToken(ACTIVITY_SHARE_CLAIMS);
const TOKEN_8 = shareToken({ ...ACTIVITY_SHARE_CLAIMS, WearerID: 2, ActivityId: 8 });
const TOKEN_9 = shareToken({ ...ACTIVITY_SHARE_CLAIMS, WearerID: 3, ActivityId: 9 });
const ACTIVITY_OF: Record<string, number> = { [TOKEN_7]: 7, [TOKEN_8]: 8, [TOKEN_9]: 9 };
const JOURNEY_CLAIMS = { ...JOURNEY_SHARE_CLAIMS, JourneyStart: T0 - HOUR, JourneyEnd: T0 };
const EPICS = [...monitorEpics, ...sharedViewEpics];

/** activity-sharing answering each token with its activity, with the alerts `alertsOf` gives now. */
const sharing =
  (alertsOf: (activityId: number) => Alert[] = () => []) =>
  (request: { ShareToken: string }) => {
    const id = ACTIVITY_OF[request.ShareToken] ?? 0;
    return answer(100, {
      Activity: detail(id, T0 - HOUR, null, alertsOf(id)),
      Journey: null,
      MemberDetails: { WearerID: id, NameFirst: `W${id}`, NameLast: 'Test' },
    });
  };

/**
 * Sockets the test drives: each `openSocket` call gets the next subscriber; the SocketCommands sent
 * over them are kept in `commands`, in order.
 */
function sockets() {
  const open: Subscriber<SocketEvent>[] = [];
  const urls: string[] = [];
  const commands: SocketCommand[] = [];
  const openSocket = (options: SocketConnectOptions) =>
    new Observable<SocketEvent>((subscriber) => {
      urls.push(options.url);
      open.push(subscriber);
      const sent = options.commands$?.subscribe((command) => commands.push(command));
      return () => {
        sent?.unsubscribe();
        open.splice(open.indexOf(subscriber), 1);
      };
    });
  return { open, urls, commands, openSocket };
}

/**
 * The monitor opened with TOKEN_7 and TOKEN_8 added at once; its socket (the fake's first) connects as
 * `sock-1` at 200 ms, and every share loads and verifies.
 */
function monitorOnOneSocket(scheduler: TestScheduler, hot: RunHelpers['hot']) {
  const fake = sockets();
  const kit = startStore(scheduler, {
    epics: EPICS,
    dependencies: { openSocket: fake.openSocket },
    calls: {
      'activity-sharing': sharing(),
      'verify-socket-user': () => answer(10, { Success: true }),
    },
  });
  kit.drive(hot('o a b', { o: monitorOpened(), a: add(TOKEN_7), b: add(TOKEN_8) }));
  scheduler.schedule(() => {
    fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
  }, 200);
  return { fake, kit };
}

/** A Storage over a Map, so what the epics store can be read back. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  const backend = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      map.set(key, value);
    },
    removeItem: (key: string) => {
      map.delete(key);
    },
  } as unknown as Storage;
  return { map, storage: createStorage(backend) };
}

const add = (link: string) => monitorShareAddRequested({ link });

describe('the operator monitor’s store', () => {
  it.each([
    ['garbage', 'hello', 'Invalid'],
    [
      'a journey link',
      `https://app.example/share/journey/${shareToken(JOURNEY_CLAIMS)}`,
      'JourneyLink',
    ],
    ['a bare journey token', shareToken(JOURNEY_CLAIMS), 'JourneyLink'],
    [
      'a link already watched',
      `https://app.example/share/activity/${TOKEN_7}?totp=1`,
      'AlreadyWatched',
    ],
  ])('refuses %s with a reason', (_name, link, reason) => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: EPICS,
        calls: { 'activity-sharing': sharing() },
      });
      kit.drive(hot('o a 9ms b', { o: monitorOpened(), a: add(TOKEN_7), b: add(link) }));
      flush();
      const monitor = selectMonitorState(kit.store.getState());
      expect(monitor.tokens).toEqual([TOKEN_7]);
      expect(monitor.addError).toBe(reason);
      kit.store.dispatch(monitorClosed());
    });
  });

  it('loads each added share through the share viewer’s loading and stores the list', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const { map, storage } = memoryStorage();
      const kit = startStore(scheduler, {
        epics: EPICS,
        dependencies: { storage },
        calls: { 'activity-sharing': sharing() },
      });
      kit.drive(
        hot('o a 9ms b 9ms r', {
          o: monitorOpened(),
          a: add(`http://127.0.0.1:8080/share/activity/${TOKEN_7}`),
          b: add(` ${TOKEN_8} `),
          r: monitorShareRemoved({ ShareToken: TOKEN_7 }),
        }),
      );
      flush();
      const state = kit.store.getState();
      expect(callsOf(kit.calls, 'activity-sharing').map(([, r]) => r)).toEqual([
        { ShareToken: TOKEN_7 },
        { ShareToken: TOKEN_8 },
      ]);
      expect(selectSharedView(state, TOKEN_7)).toBeUndefined();
      expect(selectSharedView(state, TOKEN_8)?.status).toBe('loaded');
      expect(JSON.parse(map.get(MONITOR_SHARES_STORAGE_KEY) ?? '')).toEqual([TOKEN_8]);
      kit.store.dispatch(monitorClosed());
      expect(selectSharedView(kit.store.getState(), TOKEN_8)).toBeUndefined();
    });
  });

  it('restores the stored list when it opens, and loads every share', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const { storage } = memoryStorage({
        [MONITOR_SHARES_STORAGE_KEY]: JSON.stringify([TOKEN_7, TOKEN_8]),
      });
      const kit = startStore(scheduler, {
        epics: EPICS,
        dependencies: { storage },
        calls: { 'activity-sharing': sharing() },
      });
      kit.drive(hot('o', { o: monitorOpened() }));
      flush();
      expect(selectMonitorState(kit.store.getState()).tokens).toEqual([TOKEN_7, TOKEN_8]);
      expect(callsOf(kit.calls, 'activity-sharing')).toHaveLength(2);
      kit.store.dispatch(monitorClosed());
    });
  });

  it('opens ONE socket for all watched shares and verifies each token on it', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const { fake, kit } = monitorOnOneSocket(scheduler, hot);
      scheduler.schedule(() => {
        kit.store.dispatch(add(TOKEN_9));
      }, 500);
      let verifiedWhileOpen: boolean | undefined;
      scheduler.schedule(() => {
        verifiedWhileOpen = selectMonitorSocketStatus(kit.store.getState())?.verified;
      }, 900);
      scheduler.schedule(() => {
        kit.store.dispatch(monitorClosed());
      }, 1_000);
      flush();
      // The share page's own per-share sockets stay shut while the monitor follows the shares.
      expect(fake.urls).toEqual([C2_URL]);
      expect(callsOf(kit.calls, 'verify-socket-user')).toEqual([
        [200, { ShareToken: TOKEN_7, SocketID: 'sock-1' }],
        [200, { ShareToken: TOKEN_8, SocketID: 'sock-1' }],
        [500, { ShareToken: TOKEN_9, SocketID: 'sock-1' }],
      ]);
      // Its state was its own (not the member's socket's), and left the store with it.
      expect(verifiedWhileOpen).toBe(true);
      expect(kit.store.getState().realtime.verified).toBe(false);
      expect(kit.store.getState().realtime.others).toEqual({});
      expect(fake.open).toEqual([]);
    });
  });

  it('opens its socket again when its epic failed and was restarted (src/store/epicIsolation.ts)', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      const kit = startStore(scheduler, {
        epics: EPICS.map(isolateEpic),
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': sharing(),
          'verify-socket-user': () => answer(10, { Success: true }),
        },
      });
      const failures: string[] = [];
      kit.actions$.subscribe((action) => {
        if (epicFailed.match(action)) failures.push(action.payload.epic);
      });
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      kit.drive(hot('o a b', { o: monitorOpened(), a: add(TOKEN_7), b: add(TOKEN_8) }));
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
      }, 200);
      // A bug's error escapes the socket's stream at 500 ms: the epic ends and is started afresh.
      scheduler.schedule(() => {
        fake.open[0]?.error(new Error('a bug in an event handler'));
      }, 500);
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-2' });
      }, 700);
      scheduler.schedule(() => {
        kit.store.dispatch(monitorClosed());
      }, 1_000);
      flush();
      logged.mockRestore();
      expect(failures).toEqual(['monitorSocketEpic']);
      expect(fake.urls).toEqual([C2_URL, C2_URL]);
      expect(callsOf(kit.calls, 'verify-socket-user').filter(([at]) => at === 700)).toEqual([
        [700, { ShareToken: TOKEN_7, SocketID: 'sock-2' }],
        [700, { ShareToken: TOKEN_8, SocketID: 'sock-2' }],
      ]);
      expect(fake.open).toEqual([]);
    });
  });

  it('verifies a share again on the same socket while its verify call gets no answer, not once answered', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      let token8Calls = 0;
      const kit = startStore(scheduler, {
        epics: EPICS,
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': sharing(),
          // TOKEN_8's first two calls get no answer (a 503, the network); TOKEN_7's is answered.
          'verify-socket-user': (request: { ShareToken: string }) =>
            request.ShareToken === TOKEN_8 && (token8Calls += 1) <= 2
              ? failure(10)
              : answer(10, { Success: true }),
        },
      });
      kit.drive(hot('o a b', { o: monitorOpened(), a: add(TOKEN_7), b: add(TOKEN_8) }));
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
      }, 200);
      scheduler.schedule(() => {
        kit.store.dispatch(monitorClosed());
      }, 60_000);
      flush();
      // Every 10 s from the socket's opening (frame 1, with the first share): at 10 s (no answer
      // again) and 20 s (answered); nothing after.
      expect(
        callsOf(kit.calls, 'verify-socket-user').map(([at, request]) => [
          at,
          (request as { ShareToken: string }).ShareToken,
        ]),
      ).toEqual([
        [200, TOKEN_7],
        [200, TOKEN_8],
        [1 + MONITOR_VERIFY_RETRY_MS, TOKEN_8],
        [1 + 2 * MONITOR_VERIFY_RETRY_MS, TOKEN_8],
      ]);
      // Verified at last (its answer 10 ms later), TOKEN_8 loads again: its rooms were joined only now.
      expect(
        callsOf(kit.calls, 'activity-sharing')
          .filter(([, request]) => (request as { ShareToken: string }).ShareToken === TOKEN_8)
          .map(([at]) => at)
          .at(-1),
      ).toBe(1 + 2 * MONITOR_VERIFY_RETRY_MS + 10);
      expect(fake.open).toEqual([]);
    });
  });

  it('loads the shares again once verified, and a share the server refuses shows why', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      let revoked = false;
      const kit = startStore(scheduler, {
        epics: EPICS,
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': (request: { ShareToken: string }) =>
            request.ShareToken === TOKEN_8 && revoked
              ? throwError(() => new HttpError('activity-sharing', 404, 'NOT_FOUND', 'Not found'))
              : sharing()(request),
          // TOKEN_8 was revoked while the socket was away: its verify on reconnect says no.
          'verify-socket-user': (request: { ShareToken: string }) =>
            answer(10, { Success: !(request.ShareToken === TOKEN_8 && revoked) }),
        },
      });
      kit.drive(hot('o a b', { o: monitorOpened(), a: add(TOKEN_7), b: add(TOKEN_8) }));
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
      }, 200);
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'reconnecting', socketId: null, attempt: 1 });
        revoked = true;
      }, 1_000);
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-2' });
      }, 2_000);
      let refusedStatus: string | undefined;
      scheduler.schedule(() => {
        refusedStatus = selectSharedView(kit.store.getState(), TOKEN_8)?.status;
        kit.store.dispatch(monitorClosed());
      }, 5_000);
      flush();
      const loads = (token: string) =>
        callsOf(kit.calls, 'activity-sharing')
          .filter(([, request]) => (request as { ShareToken: string }).ShareToken === token)
          .map(([at]) => at);
      // Added at 0; verified at 210 and again at 2,010 (after the reconnect).
      expect(loads(TOKEN_7)).toEqual([1, 210, 2_010]);
      // Refused at 2,010: loaded again, and its card says the link no longer works.
      expect(loads(TOKEN_8)).toEqual([2, 210, 2_010]);
      expect(refusedStatus).toBe('notFound');
      expect(fake.open).toEqual([]);
    });
  });

  it('leaves a removed share on the server at once: LEAVE_SHARE with its token, the others stay', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const { fake, kit } = monitorOnOneSocket(scheduler, hot);
      scheduler.schedule(() => {
        kit.store.dispatch(monitorShareRemoved({ ShareToken: TOKEN_8 }));
      }, 500);
      flush();
      expect(fake.commands).toEqual([{ Command: 'LEAVE_SHARE', ShareToken: TOKEN_8 }]);
      expect(selectMonitorState(kit.store.getState()).tokens).toEqual([TOKEN_7]);
      kit.store.dispatch(monitorClosed());
    });
  });

  it("closes a server's socket when its last watched share is removed, and opens a new one for a share added again", () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const { fake, kit } = monitorOnOneSocket(scheduler, hot);
      const states: (string | undefined)[] = [];
      const look = () => {
        states.push(selectMonitorSocketStatus(kit.store.getState())?.connection);
      };
      scheduler.schedule(look, 300);
      scheduler.schedule(() => {
        kit.store.dispatch(monitorShareRemoved({ ShareToken: TOKEN_7 }));
        kit.store.dispatch(monitorShareRemoved({ ShareToken: TOKEN_8 }));
        look();
      }, 500);
      scheduler.schedule(() => {
        kit.store.dispatch(add(TOKEN_9));
      }, 700);
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-2' });
      }, 800);
      scheduler.schedule(look, 900);
      flush();
      expect(states).toEqual(['connected', undefined, 'connected']);
      expect(fake.urls).toEqual([C2_URL, C2_URL]);
      expect(fake.open).toHaveLength(1);
      expect(callsOf(kit.calls, 'verify-socket-user').at(-1)).toEqual([
        800,
        { ShareToken: TOKEN_9, SocketID: 'sock-2' },
      ]);
      kit.store.dispatch(monitorClosed());
      expect(fake.open).toEqual([]);
      expect(kit.store.getState().realtime.others).toEqual({});
    });
  });

  it('reloads only the shares of the changed activities, once per audit period', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: EPICS,
        calls: { 'activity-sharing': sharing() },
      });
      const change = (ActivityId: number) =>
        entityChangesReceived([
          { EntityType: 'Alert', EntityId: 3, ChangeType: 'created', Timestamp: T0, ActivityId },
        ]);
      kit.drive(
        hot('o a b 497ms c 99ms c', {
          o: monitorOpened(),
          a: add(TOKEN_7),
          b: add(TOKEN_8),
          c: change(8),
        }),
      );
      scheduler.schedule(() => {
        kit.store.dispatch(monitorClosed());
      }, 3_000);
      flush();
      // Added at 1 and 2 ms; changes of activity 8 at 500 and 600 ms.
      const reloads = callsOf(kit.calls, 'activity-sharing').filter(([at]) => at > 2);
      expect(reloads).toEqual([[500 + SHARED_VIEW_RELOAD_AUDIT_MS, { ShareToken: TOKEN_8 }]]);
    });
  });

  it('cues a new open alert of a watched share, not the ones it had when first loaded', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const alerts: Record<number, Alert[]> = { 7: [alert(70, 7, T0 - HOUR)], 8: [] };
      const kit = startStore(scheduler, {
        epics: EPICS,
        calls: { 'activity-sharing': sharing((id) => alerts[id] ?? []) },
      });
      const cues: unknown[] = [];
      kit.actions$.subscribe((action) => {
        if (monitorAlertCued.match(action)) cues.push(action.payload);
      });
      kit.drive(hot('o a b', { o: monitorOpened(), a: add(TOKEN_7), b: add(TOKEN_8) }));
      scheduler.schedule(() => {
        alerts[8] = [alert(80, 8, T0 + 1_000)];
        kit.store.dispatch(
          entityChangesReceived([
            {
              EntityType: 'Alert',
              EntityId: 80,
              ChangeType: 'created',
              Timestamp: T0,
              ActivityId: 8,
            },
          ]),
        );
      }, 1_000);
      scheduler.schedule(() => {
        // Both Critical: the alert open longest first; the cued card is marked.
        const cards = selectMonitorCards(kit.store.getState(), T0 + 4_000);
        expect(cards.map((c) => [c.wearerName, c.alert?.AlertID, c.cued])).toEqual([
          ['W7 Test', 70, false],
          ['W8 Test', 80, true],
        ]);
        kit.store.dispatch(monitorClosed());
      }, 5_000);
      flush();
      expect(cues).toEqual([{ ShareToken: TOKEN_8, AlertID: 80 }]);
      expect(selectMonitorState(kit.store.getState()).cues).toEqual({ [TOKEN_8]: 80 });
      expect(selectMonitorState(kit.store.getState()).lastCue).toEqual({
        ShareToken: TOKEN_8,
        AlertID: 80,
      });
    });
  });
});

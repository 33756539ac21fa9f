import type { Action } from '@reduxjs/toolkit';
import { Observable, filter, type Subscriber } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../src/api/client/apiErrors';
import type { SocketEvent } from '../../../../src/streams/socket';
import { selectActivityDetail } from '../../../../src/store/activities/activityDetailsSelectors';
import { selectTrackColumns } from '../../../../src/store/locationHistory/locationHistorySelectors';
import {
  entityChangesReceived,
  selectSocketStatusOf,
  shareSocketKey,
} from '../../../../src/store/realtime/realtimeSlice';
import { sharedViewEpics } from '../../../../src/store/shares/sharedViewEpics';
import {
  selectSharedView,
  sharedViewClosed,
  sharedViewRequested,
} from '../../../../src/store/shares/sharedViewsSlice';
import { SHARED_VIEW_RELOAD_AUDIT_MS } from '../../../../src/store/timing';
import {
  answer,
  callsOf,
  detail,
  HOUR,
  inVirtualTime,
  startStore,
  T0,
} from '../activities/activityTestKit';
import { testClient } from '../testDependencies';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { SOCKET_RECONNECT_DELAY_MS } from '../../../../src/store/timing';
import { messageThreadRefreshRequested } from '../../../../src/store/activities/messageThreadsSlice';
import { ACTIVITY_SHARE_CLAIMS, C2_URL, shareToken } from './shareTokens';

const TOKEN = shareToken(ACTIVITY_SHARE_CLAIMS);
const MEMBER = { WearerID: 1, NameFirst: 'Dana', NameLast: 'Berg' };
const sharing = (status = 200) =>
  status === 200
    ? () =>
        answer(100, { Activity: detail(7, T0 - HOUR, null), Journey: null, MemberDetails: MEMBER })
    : () =>
        new Observable<never>((s) => {
          s.error(new HttpError('activity-sharing', status, 'NOT_FOUND', 'Not found'));
        });

/** Sockets the test drives: each `openSocket` call gets the next subscriber. */
function sockets() {
  const open: Subscriber<SocketEvent>[] = [];
  const urls: string[] = [];
  const openSocket = (options: { url: string }) =>
    new Observable<SocketEvent>((subscriber) => {
      urls.push(options.url);
      open.push(subscriber);
      return () => {
        open.splice(open.indexOf(subscriber), 1);
      };
    });
  return { open, urls, openSocket };
}

describe('a share viewer’s store (issue 8 item 2; spec §7 Shared viewing, verify-socket-user)', () => {
  it('loads the share on the token’s C2Url: the activity’s detail and track, then the view', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        calls: {
          'activity-sharing': sharing(),
          'verify-socket-user': () => answer(0, { Success: true }),
        },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: TOKEN, ShareTotp: '123456' }) }));
      flush();
      const state = kit.store.getState();
      expect(selectSharedView(state, TOKEN)).toMatchObject({
        status: 'loaded',
        ActivityId: 7,
        ShareTotp: '123456',
        MemberDetails: MEMBER,
      });
      expect(selectActivityDetail(state, 7)?.ActivityId).toBe(7);
      expect(selectTrackColumns(state, 7).length).toBe(2);
      expect(callsOf(kit.calls, 'activity-sharing')).toEqual([
        [0, { ShareToken: TOKEN, ShareTotp: '123456' }],
      ]);
      kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
    });
  });

  it('a retry after a failed load shows loading again, then the view', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      let asked = 0;
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        calls: {
          'activity-sharing': () => {
            asked += 1;
            return asked === 1 ? sharing(503)() : sharing()();
          },
          'verify-socket-user': () => answer(0, { Success: true }),
        },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: TOKEN }) }));
      flush();
      expect(selectSharedView(kit.store.getState(), TOKEN)?.status).toBe('failed');
      // The Retry button.
      kit.store.dispatch(sharedViewRequested({ ShareToken: TOKEN }));
      expect(selectSharedView(kit.store.getState(), TOKEN)?.status).toBe('loading');
      flush();
      expect(selectSharedView(kit.store.getState(), TOKEN)?.status).toBe('loaded');
      kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
    });
  });

  it('survives a logout: the view stays, and its activity and track load again (spec §4)', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': sharing(),
          'verify-socket-user': () => answer(0, { Success: true }),
        },
      });
      kit.drive(
        hot('a 999ms l', {
          a: sharedViewRequested({ ShareToken: TOKEN }),
          l: loggedOut({ reason: 'user' }),
        }),
      );
      const threadRefreshes: unknown[] = [];
      kit.actions$.pipe(filter(messageThreadRefreshRequested.match)).subscribe((action) => {
        threadRefreshes.push(action.payload);
      });
      scheduler.schedule(() => {
        // Cleared with the member's data; the view itself stays.
        const state = kit.store.getState();
        expect(selectSharedView(state, TOKEN)?.status).toBe('loaded');
        expect(selectTrackColumns(state, 7).length).toBe(0);
      }, 1_001);
      flush();
      const state = kit.store.getState();
      expect(callsOf(kit.calls, 'activity-sharing').map(([at]) => at)).toEqual([0, 1_000]);
      expect(selectActivityDetail(state, 7)?.ActivityId).toBe(7);
      expect(selectTrackColumns(state, 7).length).toBe(2);
      // One socket all along.
      expect(fake.urls).toEqual([C2_URL]);
      // Its message thread, cleared with the member's data too, is reloaded.
      expect(threadRefreshes).toEqual([{ ActivityId: 7, MessageThreadID: null }]);
      kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
    });
  });

  it('lets the activity’s detail and track go when its last view closes', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        dependencies: { openSocket: sockets().openSocket },
        calls: {
          'activity-sharing': sharing(),
          'verify-socket-user': () => answer(0, { Success: true }),
        },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: TOKEN }) }));
      let whileOpen = 0;
      scheduler.schedule(() => {
        whileOpen = selectTrackColumns(kit.store.getState(), 7).length;
        kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
      }, 1_000);
      flush();
      const state = kit.store.getState();
      expect(whileOpen).toBe(2);
      expect(selectTrackColumns(state, 7).length).toBe(0);
      expect(selectActivityDetail(state, 7)).toBeUndefined();
    });
  });

  it('wears the brand of the share’s client, asked once on the token’s host (issue 8 item 2)', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const brand = {
        BrandID: 3,
        BrandCode: 'fjord',
        BrandColorDark: '#3FA7D6',
        BrandColorLight: '#0B4F6C',
      };
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        calls: {
          'activity-sharing': sharing(),
          'member-integration-client': () => answer(50, { ...testClient, Brand: brand }),
        },
      });
      kit.drive(
        hot('a 499ms a', {
          a: sharedViewRequested({ ShareToken: TOKEN }),
        }),
      );
      flush();
      expect(selectSharedView(kit.store.getState(), TOKEN)?.Brand).toEqual(brand);
      // The reload at 500 ms keeps the brand without asking again.
      expect(callsOf(kit.calls, 'member-integration-client')).toEqual([[100, { ClientID: 1 }]]);
      kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
    });
  });

  it.each([
    ['a token that does not decode', 'not-a-token', 200],
    ['a 404 (unknown, expired, revoked or tampered)', TOKEN, 404],
  ])('shows not-found for %s', (_name, token, status) => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        calls: { 'activity-sharing': sharing(status) },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: token }) }));
      flush();
      expect(selectSharedView(kit.store.getState(), token)?.status).toBe('notFound');
    });
  });

  it('follows it live over a socket verified with the ShareToken, and a drop re-checks the link at once', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      let revoked = false;
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': () => (revoked ? sharing(404)() : sharing()()),
          'verify-socket-user': () => answer(10, { Success: true }),
        },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: TOKEN }) }));
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
      }, 200);
      let whileOpen: unknown;
      scheduler.schedule(() => {
        whileOpen = selectSocketStatusOf(kit.store.getState(), shareSocketKey(TOKEN));
      }, 500);
      scheduler.schedule(() => {
        revoked = true;
        fake.open[0]?.next({ kind: 'state', state: 'disconnected', socketId: null });
      }, 1_000);
      flush();
      // The page's own socket state, kept apart from the member's, and gone with the socket.
      expect(whileOpen).toMatchObject({
        connection: 'connected',
        socketId: 'sock-1',
        verified: true,
      });
      expect(kit.store.getState().realtime.connection).toBe('idle');
      expect(kit.store.getState().realtime.others).toEqual({});
      expect(fake.urls).toEqual([C2_URL]);
      expect(callsOf(kit.calls, 'verify-socket-user')).toEqual([
        [200, { ShareToken: TOKEN, SocketID: 'sock-1' }],
      ]);
      // Once verified (its answer at 210 ms) the view loads again: what changed before the socket
      // heard it is not missed. The re-check is sent at the drop; its 404 ends the view and closes
      // the socket.
      expect(callsOf(kit.calls, 'activity-sharing').map(([at]) => at)).toEqual([0, 210, 1_000]);
      expect(selectSharedView(kit.store.getState(), TOKEN)?.status).toBe('notFound');
      expect(fake.open).toEqual([]);
    });
  });

  it('opens a new socket a second after the server ended one while the share still holds', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': sharing(),
          'verify-socket-user': () => answer(10, { Success: true }),
        },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: TOKEN }) }));
      scheduler.schedule(() => {
        const socket = fake.open[0];
        socket?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
      }, 100);
      scheduler.schedule(() => {
        const socket = fake.open[0];
        socket?.next({
          kind: 'state',
          state: 'disconnected',
          socketId: null,
          endedByServer: true,
        });
        socket?.complete();
      }, 500);
      let reopened: string[] = [];
      scheduler.schedule(() => {
        reopened = [...fake.urls];
      }, 501 + SOCKET_RECONNECT_DELAY_MS);
      scheduler.schedule(() => {
        kit.store.dispatch(sharedViewClosed({ ShareToken: TOKEN }));
      }, 5_000);
      flush();
      expect(reopened).toEqual([C2_URL, C2_URL]);
      expect(selectSharedView(kit.store.getState(), TOKEN)).toBeUndefined();
      expect(fake.open).toEqual([]);
    });
  });

  it('re-checks the link when the socket is refused: a share revoked before the socket joined ends the view', () => {
    inVirtualTime((scheduler, { hot, flush }) => {
      const fake = sockets();
      let revoked = false;
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        dependencies: { openSocket: fake.openSocket },
        calls: {
          'activity-sharing': () => (revoked ? sharing(404)() : sharing()()),
          'verify-socket-user': () => answer(10, { Success: !revoked }),
        },
      });
      kit.drive(hot('a', { a: sharedViewRequested({ ShareToken: TOKEN }) }));
      // The member revokes the share after the view loaded, before its socket connected.
      scheduler.schedule(() => {
        revoked = true;
      }, 150);
      scheduler.schedule(() => {
        fake.open[0]?.next({ kind: 'state', state: 'connected', socketId: 'sock-1' });
      }, 200);
      flush();
      // The refusal (at 210 ms) re-checks the link at once; its 404 ends the view and the socket.
      expect(callsOf(kit.calls, 'activity-sharing').map(([at]) => at)).toEqual([0, 210]);
      expect(selectSharedView(kit.store.getState(), TOKEN)?.status).toBe('notFound');
      expect(fake.open).toEqual([]);
    });
  });

  it('reloads on EntityChanges at most once per audit period, the last change of a burst included', () => {
    expect(SHARED_VIEW_RELOAD_AUDIT_MS).toBe(1_000);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        calls: { 'activity-sharing': sharing() },
      });
      const change = entityChangesReceived([
        { EntityType: 'Alert', EntityId: 3, ChangeType: 'updated', Timestamp: T0, ActivityId: 7 },
      ]);
      kit.drive(
        hot('a 499ms c 199ms c 199ms c 2999ms x', {
          a: sharedViewRequested({ ShareToken: TOKEN }),
          c: change,
          x: sharedViewClosed({ ShareToken: TOKEN }),
        }),
      );
      const reloads = kit.actions$.pipe(
        filter((action: Action) => sharedViewRequested.match(action)),
      );
      // Requested at 0; changes at 500, 700 and 900 ms → one reload at 1500 ms; closed at 3.9 s.
      expectObservable(reloads, '^ 3999ms !').toBe('a 1499ms a', {
        a: sharedViewRequested({ ShareToken: TOKEN }),
      });
    });
  });

  it('reloads only for changes of its own activity (the store hears every socket’s changes)', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: sharedViewEpics,
        calls: { 'activity-sharing': sharing() },
      });
      const change = (ActivityId: number, EntityType: 'Alert' | 'Activity' = 'Alert') =>
        entityChangesReceived([
          {
            EntityType,
            EntityId: EntityType === 'Activity' ? ActivityId : 3,
            ChangeType: 'updated',
            Timestamp: T0,
            ...(EntityType === 'Activity' ? {} : { ActivityId }),
          },
        ]);
      kit.drive(
        hot('a 499ms o 1499ms o 999ms m 1499ms x', {
          a: sharedViewRequested({ ShareToken: TOKEN }),
          // The member's own activity 8 (a member signed in on this page), then the share's 7.
          o: change(8),
          m: change(7, 'Activity'),
          x: sharedViewClosed({ ShareToken: TOKEN }),
        }),
      );
      const reloads = kit.actions$.pipe(
        filter((action: Action) => sharedViewRequested.match(action)),
      );
      // Requested at 0; activity 8 changes at 500 and 2000 ms reload nothing; 7 at 3000 → 4000 ms.
      expectObservable(reloads, '^ 5000ms !').toBe('a 3999ms a', {
        a: sharedViewRequested({ ShareToken: TOKEN }),
      });
    });
  });
});

import { filter } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import {
  activitiesRefreshRequested,
  activityRefreshEpic,
} from '../../../../src/store/activities/activityRefreshEpic';
import {
  activitySummariesLoaded,
  activitySummariesRequested,
  activitySummariesSlice,
} from '../../../../src/store/activities/activitySummariesSlice';
import { rescueOrgsEpic } from '../../../../src/store/activities/rescueOrgsEpic';
import {
  rescueOrgsRequested,
  selectRescueOrgs,
  selectRescueOrgsStatus,
} from '../../../../src/store/activities/rescueOrgsSlice';
import { wearerReloadEpic } from '../../../../src/store/entities/wearerReloadEpic';
import { wearerRequested } from '../../../../src/store/entities/wearerSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import {
  entityChangesReceived,
  socketVerified,
} from '../../../../src/store/realtime/realtimeSlice';
import {
  ACTIVITY_REFRESH_DELAY_MS,
  ACTIVITY_REFRESH_THROTTLE_MS,
  RESCUE_ORGS_CACHE_MS,
  WEARER_RELOAD_DEBOUNCE_MS,
  WEARER_RELOAD_MAX_WAIT_MS,
} from '../../../../src/store/timing';
import { createAppStore } from '../../../../src/store/store';
import { signedInIdentity, startedState, testClient, testDependencies } from '../testDependencies';
import {
  answer,
  callsOf,
  DAY,
  failure,
  HOUR,
  inVirtualTime,
  startStore,
  T0,
} from './activityTestKit';

const wearerChanged = entityChangesReceived([
  { EntityType: 'Wearer', EntityId: 1, ChangeType: 'updated', Timestamp: T0 },
]);
const deviceChanged = entityChangesReceived([
  { EntityType: 'Device', EntityId: 7, ChangeType: 'updated', Timestamp: T0 },
]);

describe('wearer reload debounced 4 s, max 6 s (virtual time; spec §9)', () => {
  it('uses the spec’s times', () => {
    expect([WEARER_RELOAD_DEBOUNCE_MS, WEARER_RELOAD_MAX_WAIT_MS]).toEqual([4_000, 6_000]);
  });

  it('reloads once, 4 s after the last change of a burst; other entities do not count', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [wearerReloadEpic] });
      kit.drive(hot('w 999ms w 999ms d 9s d', { w: wearerChanged, d: deviceChanged }));
      expectObservable(kit.actions$.pipe(filter(wearerRequested.match))).toBe('5s r', {
        r: wearerRequested(),
      });
    });
  });

  it('runs in a store no activity screen has loaded into (the store’s own epics)', () => {
    vi.useFakeTimers();
    try {
      const store = createAppStore({
        dependencies: testDependencies(),
        preloadedState: startedState(signedInIdentity(Date.now() + HOUR), testClient),
      });
      store.dispatch(wearerChanged);
      vi.advanceTimersByTime(WEARER_RELOAD_DEBOUNCE_MS);
      expect(
        store.actionLog.entries().filter((entry) => wearerRequested.match(entry.action)),
      ).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reloads at least every 6 s under continuous changes', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [wearerReloadEpic] });
      // A change every 2 s from 0 to 16 s: never 4 s of quiet.
      kit.drive(hot(Array.from({ length: 9 }, () => 'w').join(' 1999ms '), { w: wearerChanged }));
      // The burst from 0 reloads at its 6 s maximum (with the change of that instant); the next
      // starts at 8 s and reloads at 14 s; the last one (16 s) reloads 4 s later, at 20 s.
      expectObservable(kit.actions$.pipe(filter(wearerRequested.match))).toBe(
        '6s r 7999ms r 5999ms r',
        { r: wearerRequested() },
      );
    });
  });
  it('drops a reload that falls due after logout', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [wearerReloadEpic] });
      kit.drive(hot('w 999ms l', { w: wearerChanged, l: loggedOut({ reason: 'user' }) }));
      expectObservable(kit.actions$.pipe(filter(wearerRequested.match))).toBe('');
    });
  });
});

describe('activity refresh throttled to 30 s, each 3 s after its trigger (virtual time; spec §9)', () => {
  const cached = {
    activitySummaries: activitySummariesSlice.reducer(
      undefined,
      activitySummariesLoaded({ fetched: [{ fromMs: T0 - 365 * DAY, toMs: T0 }], Activities: [] }),
    ),
  };
  const topUp = activitySummariesRequested({ fromMs: T0 - 365 * DAY });

  it('uses the spec’s times', () => {
    expect([ACTIVITY_REFRESH_THROTTLE_MS, ACTIVITY_REFRESH_DELAY_MS]).toEqual([30_000, 3_000]);
  });

  it('refreshes at most once per 30 s, 3 s after the trigger, the last trigger of a window included', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [activityRefreshEpic], state: cached });
      const r = activitiesRefreshRequested();
      kit.drive(hot('r 4999ms r 4999ms r 29999ms r', { r }));
      // 0 s → 3 s; 5 s and 10 s → one trailing refresh at 30 s → 33 s; 40 s → 60 s → 63 s.
      expectObservable(kit.actions$.pipe(filter(activitySummariesRequested.match))).toBe(
        '3s s 29999ms s 29999ms s',
        { s: topUp },
      );
    });
  });

  it('refreshes after an accepted (re)connection of the member’s socket, not a refused one nor a share page’s', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [activityRefreshEpic], state: cached });
      kit.drive(
        hot('n 9999ms s 48999ms y', {
          n: socketVerified({ socketId: 'a', success: false }),
          s: socketVerified({ socketId: 'c', success: true, socketKey: 'share:token' }),
          y: socketVerified({ socketId: 'b', success: true }),
        }),
      );
      expectObservable(kit.actions$.pipe(filter(activitySummariesRequested.match))).toBe('62s s', {
        s: topUp,
      });
    });
  });

  it('has nothing to refresh before summaries were loaded', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [activityRefreshEpic] });
      kit.drive(hot('r', { r: activitiesRefreshRequested() }));
      expectObservable(kit.actions$.pipe(filter(activitySummariesRequested.match))).toBe('');
    });
  });
});

describe('rescue orgs cached 120 s (virtual time; spec §9)', () => {
  const RESCUE = 'rescue-orgs';
  const norway = { CountryCodes: ['NO' as const], IncludeRegions: false };
  const orgs = [
    { RescueOrgCode: 'HRS', Name: 'Hovedredningssentralen', CountryCodes: ['NO' as const] },
  ];

  it('answers a repeated request from the cache for 120 s after the answer', () => {
    expect(RESCUE_ORGS_CACHE_MS).toBe(120_000);
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [rescueOrgsEpic],
        calls: { [RESCUE]: () => answer(10, { RescueOrgs: orgs }) },
      });
      const ask = rescueOrgsRequested(norway);
      // Answered at 10 ms: fresh until 120.01 s.
      // Asked at 0, 5 ms, 60 s, 120.009 s (all from the cache but the first) and 120.01 s.
      kit.drive(hot('a 4ms a 59994ms a 60008ms a a', { a: ask }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, RESCUE)).toEqual([
          [0, { CountryCodes: ['NO'], IncludeRegions: false }],
          [120_010, { CountryCodes: ['NO'], IncludeRegions: false }],
        ]);
        expect(selectRescueOrgs(kit.store.getState(), norway)).toEqual(orgs);
      }, 200_000);
    });
  });

  it('caches each question apart, ignoring country order', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [rescueOrgsEpic],
        calls: { [RESCUE]: () => answer(10, { RescueOrgs: orgs }) },
      });
      kit.drive(
        hot('a 99ms b 99ms c', {
          a: rescueOrgsRequested({ CountryCodes: ['NO', 'SE'], IncludeRegions: false }),
          b: rescueOrgsRequested({ CountryCodes: ['SE', 'NO'], IncludeRegions: false }),
          c: rescueOrgsRequested({ CountryCodes: ['NO', 'SE'], IncludeRegions: true }),
        }),
      );
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, RESCUE).map(([atMs]) => atMs)).toEqual([0, 200]);
      }, 1_000);
    });
  });

  it('asks again after a failure', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [rescueOrgsEpic],
        calls: { [RESCUE]: () => failure(10) },
      });
      kit.drive(hot('a 99ms a', { a: rescueOrgsRequested(norway) }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, RESCUE).map(([atMs]) => atMs)).toEqual([0, 100]);
        expect(selectRescueOrgsStatus(kit.store.getState(), norway)).toBe('failed');
        expect(selectRescueOrgs(kit.store.getState(), norway)).toBeNull();
      }, 1_000);
    });
  });
});

import { filter, map, mergeMap, throwError, timer } from 'rxjs';
import { HttpError } from '../../../../src/api/client/apiErrors';
import { selectActivityDetailMissing } from '../../../../src/store/activities/activityDetailsSelectors';
import { describe, expect, it } from 'vitest';
import {
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityDetailPreloadEpic,
  activityDetailRequestEpic,
} from '../../../../src/store/activities/activityDetailEpics';
import {
  activityDetailLoadFailed,
  activityDetailRequested,
  activityDetailsSlice,
  selectActivityDetailsState,
} from '../../../../src/store/activities/activityDetailsSlice';
import {
  activityDetailLoaded,
  activityRemoved,
} from '../../../../src/store/activities/activityEvents';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import {
  activitySummariesLoaded,
  activitySummariesSlice,
} from '../../../../src/store/activities/activitySummariesSlice';
import { selectTrackColumns } from '../../../../src/store/locationHistory/locationHistorySelectors';
import {
  trackColumnsLoaded,
  selectLocationHistoryState,
} from '../../../../src/store/locationHistory/locationHistorySlice';
import { ACTIVITY_DETAIL_PARALLEL_LOADS } from '../../../../src/store/timing';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { realtimeWithServerAhead } from '../../support/serverClock';
import {
  answer,
  callsOf,
  DAY,
  detail,
  failure,
  HOUR,
  inVirtualTime,
  MINUTE,
  startStore,
  summary,
  T0,
} from './activityTestKit';

const DETAIL = 'member-wearer-activity-detail';
const TRACK = 'member-wearer-activity-track';
const detailEpics = [
  activityDetailRequestEpic,
  activityDetailLoadEpic,
  activityDetailPendingReloadEpic,
  activityDetailPreloadEpic,
];
const request = (ActivityId: number, force = false) =>
  activityDetailRequested(force ? { ActivityId, force } : { ActivityId });
/** Requests for activities 1 to 6, as marbles 'a' to 'f'. */
const sixRequests = Object.fromEntries(
  ['a', 'b', 'c', 'd', 'e', 'f'].map((marble, index) => [marble, request(index + 1)]),
);
/** The id of each loaded detail, as a one-letter key ('1' … '9'). */
const loadedIds = (actions$: ReturnType<typeof startStore>['actions$']) =>
  actions$.pipe(
    filter(activityDetailLoaded.match),
    map(({ payload }) => String(payload.detail.ActivityId)),
  );
/** Details answering after `ms`: activity n started n days ago and ended an hour later. */
const detailsAfter = (ms: number, endedAgoMs = 23 * HOUR) => ({
  [DETAIL]: (req: { ActivityId: number }) =>
    answer(ms, {
      Activity: detail(req.ActivityId, T0 - endedAgoMs - HOUR, T0 - endedAgoMs),
    }),
});
/** The details slice with activity 1 loaded, ended `endedAgoMs` before T0. */
function loadedState(endedAgoMs: number) {
  const [, loaded] = detailLoadedActions(detail(1, T0 - endedAgoMs - HOUR, T0 - endedAgoMs)).now;
  return { activityDetails: activityDetailsSlice.reducer(undefined, loaded) };
}

describe('activity detail epics (virtual time; spec §4 "load lazily, up to 4 in parallel")', () => {
  it('loads at most 4 details at once; the others wait for a free slot', () => {
    expect(ACTIVITY_DETAIL_PARALLEL_LOADS).toBe(4);
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('(abcdef)', sixRequests));
      expectObservable(loadedIds(kit.actions$)).toBe('10ms (1234) 4ms (56)');
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, DETAIL).map(([atMs]) => atMs)).toEqual([0, 0, 0, 0, 10, 10]);
        expect(callsOf(kit.calls, TRACK).map(([atMs]) => atMs)).toEqual([0, 0, 0, 0, 10, 10]);
        // The detail comes without points; all its points come as columns (not only those up to
        // this browser's now: its clock may run behind the device's).
        expect(callsOf(kit.calls, DETAIL)[0]?.[1]).toEqual({
          ActivityId: 1,
          TimeStart: 0,
          TimeEnd: 0,
        });
        expect(callsOf(kit.calls, TRACK)[0]?.[1]).toEqual({
          ActivityId: 1,
          TimeStart: 0,
          TimeEnd: Number.MAX_SAFE_INTEGER,
        });
      }, 30);
    });
  });

  it('drops a load still in flight at logout: its answer does not bring the activity back', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('a 4ms l', { a: request(1), l: loggedOut({ reason: 'user' }) }));
      expectObservable(loadedIds(kit.actions$)).toBe('');
    });
  });

  it('never sends the loads still queued at logout', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('(abcdef)l', { ...sixRequests, l: loggedOut({ reason: 'user' }) }));
      expectObservable(loadedIds(kit.actions$)).toBe('');
      scheduler.schedule(() => {
        // The four in flight were cancelled; the two waiting for a slot never went out.
        expect(callsOf(kit.calls, DETAIL).map(([atMs]) => atMs)).toEqual([0, 0, 0, 0]);
      }, 30);
    });
  });

  it('drops the answer of a load in flight when the activity is removed meanwhile', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('a 4ms r', { a: request(1), r: activityRemoved({ ActivityId: 1 }) }));
      expectObservable(loadedIds(kit.actions$)).toBe('');
      scheduler.schedule(() => {
        expect(selectActivityDetailsState(kit.store.getState()).loads[1]).toBeUndefined();
      }, 30);
    });
  });

  it('hands the loaded history, as columns, to the location-history slice before the detail', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('a', { a: request(1) }));
      const loaded = detail(1, T0 - 24 * HOUR, T0 - 23 * HOUR);
      expectObservable(
        kit.actions$.pipe(
          filter((a) => trackColumnsLoaded.match(a) || activityDetailLoaded.match(a)),
          map((a) => (trackColumnsLoaded.match(a) ? 'h' : 'd')),
        ),
      ).toBe('10ms (hd)');
      scheduler.schedule(() => {
        const state = kit.store.getState();
        const columns = selectTrackColumns(state, 1);
        expect(columns.length).toBe(loaded.LocationHistory.length);
        expect(Array.from(columns.time)).toEqual(loaded.LocationHistory.map((p) => p.Time));
        expect(selectActivityDetailsState(state).entities[1]).not.toHaveProperty('LocationHistory');
      }, 20);
    });
  });

  it('marks the activity missing when the server has no such activity of the member (404)', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: detailEpics,
        calls: {
          ...detailsAfter(10),
          [DETAIL]: () =>
            timer(5).pipe(
              mergeMap(() =>
                throwError(
                  () =>
                    new HttpError(
                      'member-wearer-activity-detail',
                      404,
                      'UNKNOWN',
                      'No such activity',
                    ),
                ),
              ),
            ),
        },
      });
      kit.drive(hot('a', { a: request(1) }));
      expectObservable(kit.actions$.pipe(filter(activityDetailLoadFailed.match))).toBe('5ms f', {
        f: activityDetailLoadFailed({ ActivityId: 1, missing: true }),
      });
      scheduler.schedule(() => {
        expect(selectActivityDetailMissing(kit.store.getState(), 1)).toBe(true);
      }, 20);
    });
  });

  it('counts a load as failed when the track call fails, and keeps no half-loaded detail', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: detailEpics,
        calls: { ...detailsAfter(10), [TRACK]: () => failure(5) },
      });
      kit.drive(hot('a', { a: request(1) }));
      expectObservable(
        kit.actions$.pipe(
          filter((a) => activityDetailLoadFailed.match(a) || activityDetailLoaded.match(a)),
        ),
      ).toBe('5ms f', { f: activityDetailLoadFailed({ ActivityId: 1 }) });
      scheduler.schedule(() => {
        expect(selectLocationHistoryState(kit.store.getState()).tracks[1]).toBeUndefined();
      }, 20);
    });
  });

  it('does not reload a detail that ended over an hour ago unless forced', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: detailEpics,
        state: loadedState(HOUR + MINUTE),
        calls: detailsAfter(10, HOUR + MINUTE),
      });
      kit.drive(hot('a 99ms b', { a: request(1), b: request(1, true) }));
      expectObservable(loadedIds(kit.actions$)).toBe('110ms 1');
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, DETAIL).map(([atMs]) => atMs)).toEqual([100]);
      }, 200);
    });
  });

  it("judges 'ended over an hour ago' on the server's clock (this device's 2 hours behind it)", () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      // It ended 90 minutes before the server's now: 30 minutes after this device's now.
      const endedAgoMs = -30 * MINUTE;
      const realtime = realtimeWithServerAhead(2 * HOUR, T0);
      const kit = startStore(scheduler, {
        epics: detailEpics,
        state: { ...loadedState(endedAgoMs), realtime },
        calls: detailsAfter(10, endedAgoMs),
      });
      kit.drive(hot('a', { a: request(1) }));
      expectObservable(loadedIds(kit.actions$)).toBe('');
    });
  });

  it.each([
    ['ended within the last hour', 59 * MINUTE],
    ['ended within the last 60 s', 30_000],
  ])('reloads a detail that %s on request', (_name, endedAgoMs) => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: detailEpics,
        state: loadedState(endedAgoMs),
        calls: detailsAfter(10, endedAgoMs),
      });
      kit.drive(hot('a', { a: request(1) }));
      expectObservable(loadedIds(kit.actions$)).toBe('10ms 1');
    });
  });

  it('loads a detail once however often it is asked for while loading', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('a-a-a', { a: request(1) }));
      expectObservable(loadedIds(kit.actions$)).toBe('10ms 1');
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, DETAIL)).toHaveLength(1);
      }, 30);
    });
  });

  it('runs a forced reload asked for while loading after the current answer, never beside it', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: detailEpics, calls: detailsAfter(10) });
      kit.drive(hot('a 4ms f', { a: request(1), f: request(1, true) }));
      expectObservable(loadedIds(kit.actions$)).toBe('10ms 1 9ms 1');
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, DETAIL).map(([atMs]) => atMs)).toEqual([0, 10]);
      }, 30);
    });
  });

  it('reports a failed load, and the next request tries again', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      let attempt = 0;
      const kit = startStore(scheduler, {
        epics: detailEpics,
        calls: {
          [DETAIL]: () => {
            attempt += 1;
            return attempt === 1
              ? failure(10)
              : answer(10, { Activity: detail(1, T0 - HOUR, null) });
          },
        },
      });
      kit.drive(hot('a 19ms a', { a: request(1) }));
      expectObservable(kit.actions$.pipe(filter(activityDetailLoadFailed.match))).toBe('10ms f', {
        f: activityDetailLoadFailed({ ActivityId: 1 }),
      });
      expectObservable(loadedIds(kit.actions$)).toBe('30ms 1');
    });
  });

  it('preloads the previous activity by start time after the requested one', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const summaries = activitySummariesSlice.reducer(
        undefined,
        activitySummariesLoaded({
          fetched: [{ fromMs: T0 - 365 * DAY, toMs: T0 }],
          Activities: [
            summary(1, T0 - 3 * DAY, T0 - 3 * DAY + HOUR),
            summary(2, T0 - 2 * DAY, T0 - 2 * DAY + HOUR),
            summary(3, T0 - DAY, T0 - DAY + HOUR),
          ],
        }),
      );
      const kit = startStore(scheduler, {
        epics: detailEpics,
        state: { activitySummaries: summaries },
        calls: detailsAfter(10),
      });
      kit.drive(hot('a 99ms f', { a: request(3), f: request(2, true) }));
      // 3 then its previous 2 (which preloads nothing further); the forced 2 preloads nothing.
      expectObservable(loadedIds(kit.actions$)).toBe('10ms (32) 96ms 2');
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, TRACK).map(([, req]) => req)).toEqual([
          { ActivityId: 3, TimeStart: 0, TimeEnd: Number.MAX_SAFE_INTEGER },
          { ActivityId: 2, TimeStart: 0, TimeEnd: Number.MAX_SAFE_INTEGER },
          { ActivityId: 2, TimeStart: 0, TimeEnd: Number.MAX_SAFE_INTEGER },
        ]);
      }, 200);
    });
  });
});

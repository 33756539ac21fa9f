import { filter } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { activitySummariesEpic } from '../../../../src/store/activities/activitySummariesEpic';
import {
  activitySummariesLoaded,
  activitySummariesLoadFailed,
  activitySummariesLoadStarted,
  activitySummariesRequested,
  activitySummariesSlice,
  selectActivitySummariesState,
} from '../../../../src/store/activities/activitySummariesSlice';
import { realtimeWithServerAhead } from '../../support/serverClock';
import {
  ACTIVITY_SUMMARY_DEFAULT_WINDOW_DAYS,
  ACTIVITY_SUMMARY_MIN_WINDOW_DAYS,
} from '../../../../src/store/timing';
import {
  answer,
  callsOf,
  DAY,
  failure,
  HOUR,
  inVirtualTime,
  MINUTE,
  startStore,
  summary,
  T0,
} from './activityTestKit';

const SUMMARIES = 'member-wearer-activity-summaries';
const a1 = summary(1, T0 - 10 * DAY, T0 - 10 * DAY + HOUR);
const a2 = summary(2, T0 - HOUR, null);
const isLoadAction = (action: { type: string }) =>
  activitySummariesLoadStarted.match(action) ||
  activitySummariesLoaded.match(action) ||
  activitySummariesLoadFailed.match(action);

/** The summaries slice with the last 365 days up to T0 cached (a1, a2). */
const cached = {
  activitySummaries: activitySummariesSlice.reducer(
    undefined,
    activitySummariesLoaded({
      fetched: [{ fromMs: T0 - 365 * DAY, toMs: T0 }],
      Activities: [a1, a2],
    }),
  ),
};

describe('activity summaries epic (virtual time; spec §9 Data windows)', () => {
  it('uses the documented windows', () => {
    expect(ACTIVITY_SUMMARY_MIN_WINDOW_DAYS).toBe(30);
    expect(ACTIVITY_SUMMARY_DEFAULT_WINDOW_DAYS).toBe(365);
  });

  it('loads the last 365 days by default', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        calls: { [SUMMARIES]: () => answer(20, { Activities: [a1, a2] }) },
      });
      kit.drive(hot('a', { a: activitySummariesRequested({}) }));
      const window = { fromMs: T0 - 365 * DAY, toMs: T0 };
      expectObservable(kit.actions$.pipe(filter(isLoadAction))).toBe('s 19ms l', {
        s: activitySummariesLoadStarted(),
        l: activitySummariesLoaded({ fetched: [window], Activities: [a1, a2] }),
      });
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: window.fromMs, TimeEnd: window.toMs }],
        ]);
        expect(selectActivitySummariesState(kit.store.getState()).window).toEqual(window);
      }, 30);
    });
  });

  it("ends the default window at now on the server's clock (this device's 10 minutes behind)", () => {
    inVirtualTime((scheduler, { hot }) => {
      const realtime = realtimeWithServerAhead(10 * MINUTE, T0);
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        state: { realtime },
        calls: { [SUMMARIES]: () => answer(20, { Activities: [a1, a2] }) },
      });
      kit.drive(hot('a', { a: activitySummariesRequested({}) }));
      scheduler.schedule(() => {
        const toMs = T0 + 10 * MINUTE;
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: toMs - 365 * DAY, TimeEnd: toMs }],
        ]);
      }, 30);
    });
  });

  it('asks a short window for 30 days', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        calls: { [SUMMARIES]: () => answer(20, { Activities: [] }) },
      });
      kit.drive(hot('a', { a: activitySummariesRequested({ fromMs: T0 - DAY }) }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: T0 - 30 * DAY, TimeEnd: T0 }],
        ]);
      }, 30);
    });
  });

  it('tops the cache up with only the part it lacks, and merges', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const a3 = summary(3, T0 + 10 * MINUTE, null);
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        state: cached,
        // The server answers every activity of the widened 30 days.
        calls: { [SUMMARIES]: () => answer(20, { Activities: [a1, a2, a3] }) },
      });
      // One hour later the list asks for the last 365 days again.
      kit.drive(hot('60m a', { a: activitySummariesRequested({}) }));
      const newer = { fromMs: T0 + HOUR - 30 * DAY, toMs: T0 + HOUR };
      expectObservable(kit.actions$.pipe(filter(activitySummariesLoaded.match))).toBe(
        '60m 20ms l',
        {
          l: activitySummariesLoaded({ fetched: [newer], Activities: [a1, a2, a3] }),
        },
      );
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [HOUR, { TimeStart: newer.fromMs, TimeEnd: newer.toMs }],
        ]);
        const state = selectActivitySummariesState(kit.store.getState());
        expect(state.ids).toEqual([3, 2, 1]);
        expect(state.window).toEqual({ fromMs: T0 - 365 * DAY, toMs: T0 + HOUR });
      }, HOUR + 30);
    });
  });

  it('fetches only the older part of a wider window ("All Time")', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        state: cached,
        calls: { [SUMMARIES]: () => answer(20, { Activities: [] }) },
      });
      kit.drive(hot('a', { a: activitySummariesRequested({ fromMs: 0, toMs: T0 }) }));
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: 0, TimeEnd: T0 - 365 * DAY }],
        ]);
        expect(selectActivitySummariesState(kit.store.getState()).ids).toEqual([2, 1]);
      }, 30);
    });
  });

  it('fetches nothing when the cache holds the window', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, { epics: [activitySummariesEpic], state: cached });
      kit.drive(
        hot('a', { a: activitySummariesRequested({ fromMs: T0 - 100 * DAY, toMs: T0 - DAY }) }),
      );
      expectObservable(kit.actions$.pipe(filter(isLoadAction))).toBe('');
      scheduler.schedule(() => {
        expect(kit.calls).toEqual([]);
      }, 10);
    });
  });

  it('refetches a forced window and drops what the server no longer has', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        state: cached,
        calls: { [SUMMARIES]: () => answer(20, { Activities: [a2] }) },
      });
      kit.drive(
        hot('a', {
          a: activitySummariesRequested({ fromMs: T0 - 20 * DAY, toMs: T0, force: true }),
        }),
      );
      scheduler.schedule(() => {
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: T0 - 30 * DAY, TimeEnd: T0 }],
        ]);
        expect(selectActivitySummariesState(kit.store.getState()).ids).toEqual([2]);
      }, 30);
    });
  });

  it('runs requests one after another, each planned against the cache the last one left', () => {
    inVirtualTime((scheduler, { hot }) => {
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        calls: { [SUMMARIES]: () => answer(20, { Activities: [a1] }) },
      });
      kit.drive(
        hot('a 4ms b', { a: activitySummariesRequested({}), b: activitySummariesRequested({}) }),
      );
      scheduler.schedule(() => {
        // The second starts when the first answered (20 ms) and only tops up those 20 ms.
        expect(callsOf(kit.calls, SUMMARIES)).toEqual([
          [0, { TimeStart: T0 - 365 * DAY, TimeEnd: T0 }],
          [20, { TimeStart: T0 + 20 - 30 * DAY, TimeEnd: T0 + 20 }],
        ]);
      }, 50);
    });
  });

  it('reports a failed load and keeps the cache', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const kit = startStore(scheduler, {
        epics: [activitySummariesEpic],
        state: cached,
        calls: { [SUMMARIES]: () => failure(15) },
      });
      kit.drive(hot('a', { a: activitySummariesRequested({ toMs: T0 + DAY }) }));
      expectObservable(kit.actions$.pipe(filter(isLoadAction))).toBe('s 14ms f', {
        s: activitySummariesLoadStarted(),
        f: activitySummariesLoadFailed(),
      });
      scheduler.schedule(() => {
        const state = selectActivitySummariesState(kit.store.getState());
        expect(state.status).toBe('failed');
        expect(state.ids).toEqual([2, 1]);
        expect(state.window).toEqual({ fromMs: T0 - 365 * DAY, toMs: T0 });
      }, 30);
    });
  });
});

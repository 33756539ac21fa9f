import { describe, expect, it } from 'vitest';
import {
  activityDeleted,
  activityDeleteFailed,
  activityEdited,
  activityEditFailed,
  activityTrimFailed,
  activityTrimmed,
} from '../../../../src/store/activities/activityEditActions';
import {
  activityDetailLoaded,
  activityRemoved,
} from '../../../../src/store/activities/activityEvents';
import {
  selectActivitySummariesIn,
  selectAllActivitySummaries,
  selectPreviousActivityId,
} from '../../../../src/store/activities/activitySummariesSelectors';
import {
  activitySummariesLoaded,
  activitySummariesLoadFailed,
  activitySummariesLoadStarted,
  activitySummariesSlice,
  type ActivitySummariesState,
} from '../../../../src/store/activities/activitySummariesSlice';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';
import { rootReducer } from '../../../../src/store/rootReducer';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { DAY, HOUR, T0, detail, loadedDetail, summary } from './activityTestKit';

const reduce = activitySummariesSlice.reducer;
const initial = reduce(undefined, { type: 'init' });
const window = (fromDays: number, toDays: number) => ({
  fromMs: T0 + fromDays * DAY,
  toMs: T0 + toDays * DAY,
});
const ids = (state: ActivitySummariesState) => state.ids;
const loadedWith = (...summaries: ReturnType<typeof summary>[]) =>
  reduce(initial, activitySummariesLoaded({ fetched: [window(-365, 0)], Activities: summaries }));

const a1 = summary(1, T0 - 10 * DAY, T0 - 10 * DAY + HOUR);
const a2 = summary(2, T0 - 5 * DAY, T0 - 5 * DAY + HOUR);
const a3 = summary(3, T0 - HOUR, null);

describe('activitySummaries reducer', () => {
  it('starts empty with no window, not knowing whether the wearer has any activity', () => {
    expect(initial).toEqual({
      ids: [],
      entities: {},
      status: 'idle',
      received: false,
      window: null,
      hasHistoricActivity: null,
    });
  });

  it('activitySummaries -> activitySummariesLoadStarted / LoadFailed keep what is cached', () => {
    const loaded = loadedWith(a1);
    const failed = reduce(
      reduce(loaded, activitySummariesLoadStarted()),
      activitySummariesLoadFailed(),
    );
    expect(failed.status).toBe('failed');
    expect(ids(failed)).toEqual([1]);
  });

  it('activitySummaries -> activitySummariesLoaded keeps newest start first and sets the window', () => {
    const state = loadedWith(a1, a3, a2);
    expect(ids(state)).toEqual([3, 2, 1]);
    expect(state.window).toEqual(window(-365, 0));
    expect(state.status).toBe('loaded');
    expect(state.received).toBe(true);
  });

  it('activitySummaries -> activitySummariesLoaded merges a top-up and grows the window', () => {
    const a4 = summary(4, T0 + HOUR, null);
    const topped = reduce(
      loadedWith(a1, a2),
      activitySummariesLoaded({ fetched: [window(-29, 1)], Activities: [a1, a2, a4] }),
    );
    expect(ids(topped)).toEqual([4, 2, 1]);
    expect(topped.window).toEqual(window(-365, 1));
  });

  it('activitySummaries -> activitySummariesLoaded drops activities of a fetched window the answer lacks', () => {
    const state = reduce(
      loadedWith(a1, a2, a3),
      activitySummariesLoaded({ fetched: [window(-6, 0)], Activities: [a3] }),
    );
    // a2 (5 days ago) was deleted on the server; a1 (10 days ago) lies outside what was fetched.
    expect(ids(state)).toEqual([3, 1]);
  });

  it('activitySummaries -> activitySummariesLoaded keeps the window one piece', () => {
    const state = reduce(
      loadedWith(a1),
      activitySummariesLoaded({ fetched: [window(-900, -800)], Activities: [] }),
    );
    expect(state.window).toEqual(window(-365, 0));
  });

  it('activitySummaries -> activityDetailLoaded updates a cached summary or adds one of the window', () => {
    const loaded = loadedDetail(detail(1, T0 - 10 * DAY, T0 - 9 * DAY));
    const updated = reduce(loadedWith(a1), activityDetailLoaded({ detail: loaded }));
    expect(updated.entities[1]?.TimestampEnd).toBe(T0 - 9 * DAY);
    expect(updated.entities[1]).not.toHaveProperty('LocationHistory');
    const inWindow = loadedDetail(detail(7, T0 - DAY, null));
    expect(ids(reduce(loadedWith(a1), activityDetailLoaded({ detail: inWindow })))).toEqual([7, 1]);
    const outside = loadedDetail(detail(8, T0 - 500 * DAY, T0 - 499 * DAY));
    expect(ids(reduce(loadedWith(a1), activityDetailLoaded({ detail: outside })))).toEqual([1]);
  });

  it('activitySummaries -> activityEdited / activityEditFailed change and restore the type', () => {
    const edited = reduce(
      loadedWith(a1),
      activityEdited({
        ActivityId: 1,
        NewActivityType: 'RUNNING',
        previous: { ActivityType: 'HIKING' },
      }),
    );
    expect(edited.entities[1]?.ActivityType).toBe('RUNNING');
    const restored = reduce(
      edited,
      activityEditFailed({ ActivityId: 1, previous: { ActivityType: 'HIKING' } }),
    );
    expect(restored.entities[1]?.ActivityType).toBe('HIKING');
  });

  it('activitySummaries -> activityTrimmed / activityTrimFailed move and restore the bounds', () => {
    const previous = { TimestampStart: a1.TimestampStart, TimestampEnd: a1.TimestampEnd };
    const trimmed = reduce(
      loadedWith(a1, a2),
      activityTrimmed({
        ActivityId: 1,
        NewActivityStart: T0 - 4 * DAY,
        NewActivityEnd: T0 - 4 * DAY + HOUR,
        previous,
      }),
    );
    expect(trimmed.entities[1]?.TimestampStart).toBe(T0 - 4 * DAY);
    // The order follows the new start.
    expect(ids(trimmed)).toEqual([1, 2]);
    const restored = reduce(trimmed, activityTrimFailed({ ActivityId: 1, previous }));
    expect(restored.entities[1]).toEqual(a1);
    expect(ids(restored)).toEqual([2, 1]);
  });

  it('activitySummaries -> activityDeleted / activityDeleteFailed remove and put back', () => {
    const previous = { summary: a2, detail: null };
    const deleted = reduce(loadedWith(a1, a2), activityDeleted({ ActivityId: 2, previous }));
    expect(ids(deleted)).toEqual([1]);
    expect(ids(reduce(deleted, activityDeleteFailed({ ActivityId: 2, previous })))).toEqual([2, 1]);
  });

  it('activitySummaries -> activityRemoved drops a summary the server deleted', () => {
    expect(ids(reduce(loadedWith(a1, a2), activityRemoved({ ActivityId: 1 })))).toEqual([2]);
  });

  it('activitySummaries -> wearerTelemetryReceived updates the live figures of a cached activity', () => {
    const stats = { ...a3.ActivityStats, DurationMs: 2 * HOUR };
    const update = {
      WearerID: 1,
      ActivityId: 3,
      Points: [],
      Battery: 80,
      Status: 'ACTIVE' as const,
      Heading: null,
      ActivityStats: stats,
    };
    // One frame's batch: an update of an activity not cached is skipped, the next one still applies.
    const state = reduce(
      loadedWith(a3),
      wearerTelemetryReceived({ updates: [{ ...update, ActivityId: 99 }, update], receivedAt: T0 }),
    );
    expect(state.entities[3]?.ActivityStats.DurationMs).toBe(2 * HOUR);
    expect(state.entities[3]?.Status).toBe('ACTIVE');
    expect(ids(state)).toEqual([3]);
  });

  it('is registered in the root reducer and cleared on logout', () => {
    const state = {
      ...rootReducer(undefined, { type: 'init' }),
      activitySummaries: loadedWith(a1),
    };
    expect(rootReducer(state, loggedOut({ reason: 'user' })).activitySummaries).toEqual(initial);
  });
});

describe('activity summary selectors', () => {
  const state = { activitySummaries: loadedWith(a1, a2, a3) };

  it('lists newest first', () => {
    expect(selectAllActivitySummaries(state).map((s) => s.ActivityId)).toEqual([3, 2, 1]);
  });

  it('finds the previous activity by start time (spec §4 preload)', () => {
    expect(selectPreviousActivityId(state, 3)).toBe(2);
    expect(selectPreviousActivityId(state, 2)).toBe(1);
    expect(selectPreviousActivityId(state, 1)).toBeNull();
    expect(selectPreviousActivityId(state, 42)).toBeNull();
  });

  it('filters by a window, memoized', () => {
    const lastWeek = window(-7, 0);
    const first = selectActivitySummariesIn(state, lastWeek);
    expect(first.map((s) => s.ActivityId)).toEqual([3, 2]);
    expect(selectActivitySummariesIn(state, lastWeek)).toBe(first);
  });
});

import { describe, expect, it } from 'vitest';
import { toDetailRecord } from '../../../../src/store/activities/activityDetailRecord';
import {
  selectActivityDetail,
  selectActivityDetailStatus,
} from '../../../../src/store/activities/activityDetailsSelectors';
import {
  activityDetailLoadFailed,
  activityDetailLoadQueued,
  activityDetailReloadRequested,
  activityDetailsSlice,
  type ActivityDetailsState,
  type DetailLoad,
} from '../../../../src/store/activities/activityDetailsSlice';
import {
  activityDeleted,
  activityDeleteFailed,
  activityEdited,
  activitySplitsSaved,
  activitySplitsSaveFailed,
} from '../../../../src/store/activities/activityEditActions';
import {
  activityDetailLoaded,
  activityRemoved,
} from '../../../../src/store/activities/activityEvents';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import {
  detailLoadDecision,
  isRecentlyActive,
} from '../../../../src/store/activities/detailReloadRules';
import { historyLoaded } from '../../../../src/store/locationHistory/locationHistorySlice';
import { rootReducer } from '../../../../src/store/rootReducer';
import { alert, detail, HOUR, loadedDetail, MINUTE, SECOND, T0 } from './activityTestKit';

const reduce = activityDetailsSlice.reducer;
const initial = reduce(undefined, { type: 'init' });
const full = detail(1, T0 - 2 * HOUR, T0 - HOUR, [alert(5, 1, T0 - 90 * MINUTE)]);
const [, loadedAction] = detailLoadedActions(full).now;
const loaded = reduce(reduce(initial, activityDetailLoadQueued({ ActivityId: 1 })), loadedAction);
const withDetails = (activityDetails: ActivityDetailsState) => ({ activityDetails });

describe('activityDetails reducer', () => {
  it('detailLoadedActions hands the history to the location-history slice and the rest here', () => {
    const [history, rest] = detailLoadedActions(full).now;
    expect(history).toEqual(
      historyLoaded({
        ActivityId: 1,
        LocationHistory: full.LocationHistory,
        TimestampEnd: full.TimestampEnd,
      }),
    );
    expect(activityDetailLoaded.match(rest) && rest.payload.detail).not.toHaveProperty(
      'LocationHistory',
    );
  });

  it('activityDetails -> activityDetailLoadQueued marks the detail loading', () => {
    const state = reduce(initial, activityDetailLoadQueued({ ActivityId: 1 }));
    expect(selectActivityDetailStatus(withDetails(state), 1)).toBe('loading');
    expect(selectActivityDetailStatus(withDetails(state), 2)).toBe('idle');
  });

  it('activityDetails -> activityDetailLoaded keeps the detail with its alerts as ids, no history', () => {
    const record = selectActivityDetail(withDetails(loaded), 1);
    expect(record).toEqual(toDetailRecord(loadedDetail(full)));
    expect(record?.AlertIDs).toEqual([5]);
    expect(record).not.toHaveProperty('LocationHistory');
    expect(record).not.toHaveProperty('Alerts');
    expect(loaded.loads[1]).toEqual({ status: 'loaded', reloadRequested: false });
  });

  it('activityDetails -> activityDetailReloadRequested is remembered through the answer', () => {
    const queued = reduce(initial, activityDetailLoadQueued({ ActivityId: 1 }));
    const asked = reduce(queued, activityDetailReloadRequested({ ActivityId: 1 }));
    expect(reduce(asked, loadedAction).loads[1]).toEqual({
      status: 'loaded',
      reloadRequested: true,
    });
    expect(reduce(asked, activityDetailLoadFailed({ ActivityId: 1 })).loads[1]).toEqual({
      status: 'failed',
      reloadRequested: true,
    });
    // The next queued load clears it.
    expect(reduce(asked, activityDetailLoadQueued({ ActivityId: 1 })).loads[1]).toEqual({
      status: 'loading',
      reloadRequested: false,
    });
  });

  it('activityDetails -> activityDetailLoadFailed keeps a detail loaded before', () => {
    const failed = reduce(loaded, activityDetailLoadFailed({ ActivityId: 1 }));
    expect(selectActivityDetailStatus(withDetails(failed), 1)).toBe('failed');
    expect(selectActivityDetail(withDetails(failed), 1)).toBeDefined();
  });

  it('activityDetails -> activityDeleted / activityDeleteFailed forget and restore', () => {
    const record = selectActivityDetail(withDetails(loaded), 1) ?? null;
    const previous = { summary: null, detail: record };
    const deleted = reduce(loaded, activityDeleted({ ActivityId: 1, previous }));
    expect(deleted.ids).toEqual([]);
    expect(deleted.loads).toEqual({});
    const restored = reduce(deleted, activityDeleteFailed({ ActivityId: 1, previous }));
    expect(selectActivityDetail(withDetails(restored), 1)).toEqual(record);
    expect(selectActivityDetailStatus(withDetails(restored), 1)).toBe('loaded');
  });

  it('activityDetails -> activityRemoved forgets a detail the server deleted', () => {
    expect(reduce(loaded, activityRemoved({ ActivityId: 1 })).ids).toEqual([]);
  });

  it('activityDetails -> activityEdited changes the type', () => {
    const edited = reduce(
      loaded,
      activityEdited({
        ActivityId: 1,
        NewActivityType: 'SAILING',
        previous: { ActivityType: 'HIKING' },
      }),
    );
    expect(selectActivityDetail(withDetails(edited), 1)?.ActivityType).toBe('SAILING');
  });

  it('activityDetails -> activitySplitsSaved / activitySplitsSaveFailed apply and restore splits', () => {
    const settings = { SplitType: 'DISTANCE_KM' as const, Distance: 1 };
    const previous = { SplitsSettings: null };
    const saved = reduce(
      loaded,
      activitySplitsSaved({ ActivityId: 1, SplitsSettings: settings, previous }),
    );
    expect(selectActivityDetail(withDetails(saved), 1)?.SplitsSettings).toEqual(settings);
    const restored = reduce(saved, activitySplitsSaveFailed({ ActivityId: 1, previous }));
    expect(selectActivityDetail(withDetails(restored), 1)?.SplitsSettings).toBeNull();
  });

  it('is registered in the root reducer', () => {
    expect(rootReducer(undefined, { type: 'init' }).activityDetails).toEqual(initial);
  });
});

const at = (status: DetailLoad['status'], reloadRequested = false): DetailLoad => ({
  status,
  reloadRequested,
});

describe('detail reload rules (spec §4 "not reloaded unless forced"; §9 "last 60 s")', () => {
  it.each([
    ['never asked', undefined, undefined, false, 'load'],
    ['failed before', at('failed'), undefined, false, 'load'],
    ['loading', at('loading'), undefined, false, 'skip'],
    ['loading, forced', at('loading'), undefined, true, 'reloadAfterCurrent'],
    ['loaded, open', at('loaded'), null, false, 'load'],
    ['loaded, ended 59 min ago', at('loaded'), T0 - 59 * MINUTE, false, 'load'],
    ['loaded, ended exactly 1 h ago', at('loaded'), T0 - HOUR, false, 'load'],
    ['loaded, ended 1 h 1 ms ago', at('loaded'), T0 - HOUR - 1, false, 'skip'],
    ['loaded, ended a day ago', at('loaded'), T0 - 24 * HOUR, false, 'skip'],
    ['loaded, ended a day ago, forced', at('loaded'), T0 - 24 * HOUR, true, 'load'],
  ] as const)('%s: %s', (_name, load, endMs, force, decision) => {
    expect(detailLoadDecision(load, endMs, force, T0)).toBe(decision);
  });

  it.each([
    [null, true],
    [T0 - 60 * SECOND, true],
    [T0 - 60 * SECOND - 1, false],
    [T0 - HOUR, false],
  ])('an activity that ended at %s is recently active: %s', (endMs, active) => {
    expect(isRecentlyActive(endMs, T0)).toBe(active);
  });
});

import { configureStore, type Action } from '@reduxjs/toolkit';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { LocationPoint } from '../../../../src/api/entities/location';
import { decodeTrackBinary, encodeTrackBinary } from '../../../../src/api/trackBinary';
import {
  historyCleared,
  historyLoaded,
  trackColumnsLoaded,
} from '../../../../src/store/locationHistory/locationHistorySlice';
import {
  selectLastPoint,
  selectLatestHeartRate,
  HEART_RATE_LOOKBACK_POINTS,
  selectTrackColumns,
  selectTrackEntry,
  selectTrackTimeRange,
  selectTrackVersion,
} from '../../../../src/store/locationHistory/locationHistorySelectors';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { wearerTelemetryReceived } from '../../../../src/store/realtime/realtimeSlice';
import { loggedOut } from '../../../../src/store/session/sessionSlice';
import { arbitraryBatches, copyOf, EPOCH, point, pointsOf, referenceTrack } from './trackModel';

const initial: RootState = rootReducer(undefined, { type: 'test/init' });
const fold = (actions: readonly Action[], from: RootState = initial): RootState =>
  actions.reduce(rootReducer, from);
const times = (state: RootState, activityId: number) =>
  Array.from(selectTrackColumns(state, activityId).time, (t) => t - EPOCH);
/** One frame of live telemetry carrying `byActivity`'s points, one update per activity. */
const appended = (byActivity: Record<number, LocationPoint[]>) =>
  wearerTelemetryReceived({
    receivedAt: EPOCH,
    updates: Object.entries(byActivity).map(([id, Points]) => ({
      WearerID: Number(id),
      ActivityId: Number(id),
      Points,
      Battery: null,
      Status: 'ACTIVE' as const,
      Heading: null,
    })),
  });

describe('locationHistory reducer (issue 6 item 2; spec §3 Activity detail LocationHistory)', () => {
  it('locationHistory -> historyLoaded stores the history sorted by time with repeated times dropped', () => {
    const state = fold([
      historyLoaded({
        ActivityId: 7,
        LocationHistory: [point(30), point(10, 1), point(20), point(10, 2)],
      }),
    ]);
    expect(times(state, 7)).toEqual([10, 20, 30]);
    expect(selectTrackColumns(state, 7).positions[0]).toBe(1);
    expect(selectTrackEntry(state, 7)).toMatchObject({
      activityId: 7,
      length: 3,
      firstTime: EPOCH + 10,
      lastTime: EPOCH + 30,
    });
  });

  it('locationHistory -> historyLoaded replaces the stored track of a closed activity (a trim drops points)', () => {
    const state = fold([
      historyLoaded({ ActivityId: 7, LocationHistory: [point(0), point(10), point(20)] }),
      appended({ 7: [point(30)] }),
      historyLoaded({ ActivityId: 7, LocationHistory: [point(10)], TimestampEnd: EPOCH + 10 }),
    ]);
    expect(times(state, 7)).toEqual([10]);
  });

  it('locationHistory -> historyLoaded of an open activity keeps live points newer than the history', () => {
    const state = fold([
      appended({ 7: [point(0), point(10), point(20), point(30)] }),
      // The server built the detail when it had points up to 10 ms; 20 and 30 arrived live since.
      historyLoaded({ ActivityId: 7, LocationHistory: [point(5), point(10)], TimestampEnd: null }),
    ]);
    expect(times(state, 7)).toEqual([5, 10, 20, 30]);
  });

  it('locationHistory -> live points add each activity’s points and leaves the others as they were', () => {
    const before = fold([
      historyLoaded({ ActivityId: 1, LocationHistory: [point(0)] }),
      historyLoaded({ ActivityId: 2, LocationHistory: [point(0)] }),
    ]);
    const untouched = selectTrackEntry(before, 2);
    const after = rootReducer(before, appended({ 1: [point(20), point(10)], 3: [point(5)] }));
    expect(times(after, 1)).toEqual([0, 10, 20]);
    expect(times(after, 3)).toEqual([5]);
    expect(selectTrackEntry(after, 2)).toBe(untouched);
    expect(selectTrackVersion(after, 1)).toBe(selectTrackVersion(before, 1) + 1);
  });

  it('locationHistory -> live points already stored changes nothing', () => {
    const before = fold([historyLoaded({ ActivityId: 1, LocationHistory: [point(0), point(10)] })]);
    expect(rootReducer(before, appended({ 1: [point(10, 99)], 2: [] })).locationHistory).toBe(
      before.locationHistory,
    );
  });

  it('locationHistory -> wearerTelemetryReceived folds a frame’s updates by activity, in arrival order', () => {
    const update = (ActivityId: number | null, Points: LocationPoint[]) => ({
      WearerID: 1,
      ActivityId,
      Points,
      Battery: 80,
      Status: ActivityId === null ? null : ('ACTIVE' as const),
      Heading: null,
    });
    const before = fold([historyLoaded({ ActivityId: 2, LocationHistory: [point(0)] })]);
    const untouched = selectTrackEntry(before, 2);
    const after = rootReducer(
      before,
      wearerTelemetryReceived({
        receivedAt: EPOCH,
        updates: [
          update(1, [point(20)]),
          update(null, [point(5)]),
          update(1, [point(10), point(20, 9)]),
          update(3, [point(5)]),
        ],
      }),
    );
    expect(times(after, 1)).toEqual([10, 20]);
    expect(selectTrackColumns(after, 1).positions[2]).toBe(point(20).X);
    expect(times(after, 3)).toEqual([5]);
    expect(selectTrackEntry(after, 2)).toBe(untouched);
    const empty = rootReducer(
      after,
      wearerTelemetryReceived({ updates: [update(1, [])], receivedAt: EPOCH }),
    );
    expect(empty.locationHistory).toBe(after.locationHistory);
  });

  it('locationHistory -> a heart rate sent after its fix fills that fix in the track, and only there', () => {
    const late = (ActivityId: number, HeartRateTime: number, HeartRate: number) =>
      wearerTelemetryReceived({
        receivedAt: EPOCH,
        updates: [
          {
            WearerID: 1,
            ActivityId,
            Points: [],
            Battery: null,
            Status: 'ACTIVE' as const,
            Heading: null,
            HeartRate,
            HeartRateTime,
          },
        ],
      });
    const before = fold([
      historyLoaded({ ActivityId: 1, LocationHistory: [point(0), point(10), point(20)] }),
    ]);
    const snapshot = copyOf(selectTrackColumns(before, 1));
    const after = rootReducer(before, late(1, EPOCH + 10, 131));
    const heartRates = (state: RootState) =>
      Array.from(selectTrackColumns(state, 1).heartRate, (bpm) => (Number.isNaN(bpm) ? null : bpm));
    expect(heartRates(after)).toEqual([null, 131, null]);
    expect(selectTrackVersion(after, 1)).toBeGreaterThan(selectTrackVersion(before, 1));
    // The earlier state is untouched (entries are persistent), and replaying gives the same track.
    expect(copyOf(selectTrackColumns(before, 1))).toEqual(snapshot);
    expect(pointsOf(selectTrackColumns(fold([late(1, EPOCH + 10, 131)], before), 1))).toEqual(
      pointsOf(selectTrackColumns(after, 1)),
    );
    // The same reading again, a time without a fix, or an activity without a track: no change.
    expect(rootReducer(after, late(1, EPOCH + 10, 131)).locationHistory).toBe(
      after.locationHistory,
    );
    expect(rootReducer(after, late(1, EPOCH + 15, 90)).locationHistory).toBe(after.locationHistory);
    expect(rootReducer(after, late(4, EPOCH + 10, 90)).locationHistory).toBe(after.locationHistory);
    // A newer reading for the same fix replaces it; live points after it keep appending.
    const again = fold([late(1, EPOCH + 10, 128), appended({ 1: [point(30)] })], after);
    expect(heartRates(again)).toEqual([null, 128, null, null]);
  });

  it('locationHistory -> historyCleared forgets one activity, or all', () => {
    const both = fold([appended({ 1: [point(0)], 2: [point(0)] })]);
    const one = rootReducer(both, historyCleared({ ActivityId: 1 }));
    expect(selectTrackEntry(one, 1)).toBeUndefined();
    expect(times(one, 2)).toEqual([0]);
    expect(rootReducer(one, historyCleared({ ActivityId: 1 }))).toBe(one);
    expect(rootReducer(both, historyCleared()).locationHistory).toEqual({
      tracks: {},
      staging: {},
    });
  });

  it('locationHistory -> loggedOut clears every track (spec §4: on logout everything is cleared)', () => {
    const state = fold([appended({ 1: [point(0)] }), loggedOut({ reason: 'user' })]);
    expect(state.locationHistory).toEqual({ tracks: {}, staging: {} });
  });

  it('is a fold of its actions: earlier states never change, and replay gives the same columns', () => {
    fc.assert(
      fc.property(arbitraryBatches(200), (batches) => {
        const actions = batches.map((batch) => appended({ 4: batch }));
        const states: RootState[] = [initial];
        const snapshots = [copyOf(selectTrackColumns(initial, 4))];
        for (const action of actions) {
          const next = rootReducer(states.at(-1) ?? initial, action);
          states.push(next);
          snapshots.push(copyOf(selectTrackColumns(next, 4)));
        }
        // A second store replaying the log, and a branch from every earlier state (time travel).
        const replayed = fold(actions);
        states.forEach((s, i) => {
          const branch = appended({ 4: [point(1_000 + i)] });
          expect(copyOf(selectTrackColumns(rootReducer(s, branch), 4))).toEqual(
            copyOf(selectTrackColumns(fold([...actions.slice(0, i), branch]), 4)),
          );
        });
        states.forEach((s, i) => {
          expect(copyOf(selectTrackColumns(s, 4))).toEqual(snapshots[i]);
        });
        const final = states.at(-1) ?? initial;
        expect(copyOf(selectTrackColumns(replayed, 4))).toEqual(snapshots.at(-1));
        expect(pointsOf(selectTrackColumns(final, 4))).toEqual(referenceTrack(batches.flat()));
      }),
      { numRuns: 100 },
    );
  });

  it('branches from an older state as a fresh replay of that branch would', () => {
    const base = fold([appended({ 1: [point(0), point(10)] })]);
    const main = rootReducer(base, appended({ 1: [point(20)] }));
    const newer = rootReducer(base, appended({ 1: [point(30)] }));
    const late = rootReducer(base, appended({ 1: [point(30), point(5)] }));
    expect(times(main, 1)).toEqual([0, 10, 20]);
    expect(times(newer, 1)).toEqual([0, 10, 30]);
    expect(times(late, 1)).toEqual([0, 5, 10, 30]);
    expect(times(base, 1)).toEqual([0, 10]);
  });

  it('keeps the state serializable-ish: metadata in JSON, no RTK check complaints, columns reachable', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = configureStore({ reducer: rootReducer });
    store.dispatch(historyLoaded({ ActivityId: 9, LocationHistory: [point(0), point(10)] }));
    store.dispatch(appended({ 9: [point(20)] }));
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    expect(JSON.parse(JSON.stringify(store.getState().locationHistory))).toEqual({
      tracks: {
        9: { activityId: 9, length: 3, version: 2, firstTime: EPOCH, lastTime: EPOCH + 20 },
      },
      staging: {},
    });
    expect(times(store.getState(), 9)).toEqual([0, 10, 20]);
  });

  it('treats an entry that lost its columns (a serialized copy) as no track', () => {
    const loaded = fold([historyLoaded({ ActivityId: 9, LocationHistory: [point(0)] })]);
    const copied = JSON.parse(
      JSON.stringify(loaded.locationHistory),
    ) as RootState['locationHistory'];
    const state = { ...loaded, locationHistory: copied };
    expect(selectTrackColumns(state, 9).length).toBe(0);
    const next = rootReducer(state, appended({ 9: [point(10)] }));
    expect(times(next, 9)).toEqual([10]);
    expect(selectTrackVersion(next, 9)).toBe(2);
  });
});

describe('locationHistory -> trackColumnsLoaded (member-wearer-activity-track)', () => {
  const columnsOf = (points: LocationPoint[]) =>
    decodeTrackBinary(encodeTrackBinary(points).buffer as ArrayBuffer);

  it('stores columns in time order as they are, equal to the same history loaded as JSON', () => {
    const history = [point(0), point(10, 1), point(20, 2)];
    const binary = fold([
      trackColumnsLoaded({ ActivityId: 7, Columns: columnsOf(history), TimestampEnd: EPOCH + 20 }),
    ]);
    const json = fold([historyLoaded({ ActivityId: 7, LocationHistory: history })]);
    expect(pointsOf(selectTrackColumns(binary, 7))).toEqual(pointsOf(selectTrackColumns(json, 7)));
    expect(selectTrackEntry(binary, 7)).toMatchObject({
      length: 3,
      firstTime: EPOCH,
      lastTime: EPOCH + 20,
    });
  });

  it('sorts and deduplicates columns that are not in time order, as a JSON history is', () => {
    const state = fold([
      trackColumnsLoaded({
        ActivityId: 7,
        Columns: columnsOf([point(30), point(10, 1), point(20), point(10, 2)]),
        TimestampEnd: EPOCH + 30,
      }),
    ]);
    expect(times(state, 7)).toEqual([10, 20, 30]);
    expect(selectTrackColumns(state, 7).positions[0]).toBe(1);
  });

  it('takes columns in time order as its storage, and a later live point leaves them as they came', () => {
    const Columns = columnsOf([point(0), point(10, 1)]);
    const received = copyOf({ ...Columns, version: 0 });
    const loaded = fold([trackColumnsLoaded({ ActivityId: 7, Columns, TimestampEnd: null })]);
    expect(selectTrackColumns(loaded, 7).time.buffer).toBe(Columns.time.buffer);
    const live = fold([appended({ 7: [point(5, 2), point(20, 3)] })], loaded);
    expect(times(live, 7)).toEqual([0, 5, 10, 20]);
    expect(copyOf({ ...Columns, version: 0 })).toEqual(received);
    expect(times(loaded, 7)).toEqual([0, 10]);
  });

  it('keeps live points newer than the loaded columns while the activity is open, not once it ended', () => {
    const live = [appended({ 7: [point(0), point(40)] })];
    const load = (TimestampEnd: number | null) =>
      trackColumnsLoaded({
        ActivityId: 7,
        Columns: columnsOf([point(0), point(10)]),
        TimestampEnd,
      });
    expect(times(fold([...live, load(null)]), 7)).toEqual([0, 10, 40]);
    expect(times(fold([...live, load(EPOCH + 10)]), 7)).toEqual([0, 10]);
  });
});

describe('locationHistory selectors', () => {
  const state = fold([
    historyLoaded({ ActivityId: 1, LocationHistory: [point(10, 1, 2), point(0)] }),
    historyLoaded({ ActivityId: 2, LocationHistory: [point(50)] }),
  ]);

  it('give the last point, the time range and the columns of a track', () => {
    expect(selectLastPoint(state, 1)).toEqual({ ...point(10, 1, 2), Alt: 12.5, Speed: 1.25 });
    expect(selectTrackTimeRange(state, 1)).toEqual({ start: EPOCH, end: EPOCH + 10 });
    expect(selectTrackColumns(state, 1).length).toBe(2);
    expect(selectTrackVersion(state, 1)).toBe(1);
  });

  it('give empty columns and null for an activity without a track', () => {
    expect(selectTrackColumns(state, 3).length).toBe(0);
    expect(selectLastPoint(state, 3)).toBeNull();
    expect(selectTrackTimeRange(state, 3)).toBeNull();
    expect(selectTrackVersion(state, 3)).toBe(0);
  });

  it('return the same objects while a track is unchanged, new ones once it changes', () => {
    const other = rootReducer(state, appended({ 2: [point(60)] }));
    for (const select of [selectTrackColumns, selectLastPoint, selectTrackTimeRange]) {
      expect(select(other, 1)).toBe(select(state, 1));
    }
    // Interleaved calls for two activities do not evict each other's results.
    const lastOf1 = selectLastPoint(state, 1);
    expect(selectLastPoint(state, 2)).not.toBe(lastOf1);
    expect(selectLastPoint(state, 1)).toBe(lastOf1);
    const changed = rootReducer(state, appended({ 1: [point(20)] }));
    expect(selectTrackColumns(changed, 1)).not.toBe(selectTrackColumns(state, 1));
    expect(selectLastPoint(changed, 1)?.Time).toBe(EPOCH + 20);
    expect(selectTrackTimeRange(changed, 1)).toEqual({ start: EPOCH, end: EPOCH + 20 });
  });
});

describe('selectLatestHeartRate (the share view’s live heart rate)', () => {
  const withHr = (ms: number, bpm: number): LocationPoint => ({ ...point(ms), HeartRate: bpm });

  it('gives the newest reading, skipping the newer points measured without one', () => {
    const state = fold([
      historyLoaded({
        ActivityId: 1,
        LocationHistory: [withHr(0, 80), withHr(10, 92), point(20), point(30)],
      }),
    ]);
    expect(selectLatestHeartRate(state, 1)).toEqual({ bpm: 92, Time: EPOCH + 10 });
  });

  it('follows live points, and is null without a reading or without a track', () => {
    const state = fold([historyLoaded({ ActivityId: 1, LocationHistory: [point(0), point(10)] })]);
    expect(selectLatestHeartRate(state, 1)).toBeNull();
    expect(selectLatestHeartRate(state, 9)).toBeNull();
    const live = rootReducer(state, appended({ 1: [withHr(20, 101)] }));
    expect(selectLatestHeartRate(live, 1)).toEqual({ bpm: 101, Time: EPOCH + 20 });
  });

  it('looks back at most HEART_RATE_LOOKBACK_POINTS points: an older reading is not "now"', () => {
    const points = [
      withHr(0, 70),
      ...Array.from({ length: HEART_RATE_LOOKBACK_POINTS }, (_, i) => point(i + 1)),
    ];
    const state = fold([historyLoaded({ ActivityId: 1, LocationHistory: points })]);
    expect(selectLatestHeartRate(state, 1)).toBeNull();
    const within = fold([historyLoaded({ ActivityId: 1, LocationHistory: points.slice(0, -1) })]);
    expect(selectLatestHeartRate(within, 1)).toEqual({ bpm: 70, Time: EPOCH });
  });
});

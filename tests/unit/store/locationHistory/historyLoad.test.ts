import type { Action } from '@reduxjs/toolkit';
import { asyncScheduler, NEVER, Subject } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../../../../src/api/entities/location';
import {
  HISTORY_LOAD_CHUNK_POINTS,
  historyLoadActions,
} from '../../../../src/store/locationHistory/historyLoad';
import {
  historyLoaded,
  selectLocationHistoryState,
} from '../../../../src/store/locationHistory/locationHistorySlice';
import { selectTrackColumns } from '../../../../src/store/locationHistory/locationHistorySelectors';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { EPOCH, point } from './trackModel';

/** `count` points one second apart, as the server sends a history: sorted by Time. */
function history(count: number): LocationPoint[] {
  return Array.from({ length: count }, (_, i) => ({
    Time: EPOCH + i * 1_000,
    X: 5 + i * 1e-6,
    Y: 59,
    Hacc: 4,
    Alt: null,
    Speed: 1,
  }));
}

/** The bytes of a typed array's used part (a fast exact comparison of 100k-point columns). */
const bytesOf = (column: Float64Array | Float32Array) =>
  Buffer.from(column.buffer, column.byteOffset, column.byteLength);

const initial: RootState = rootReducer(undefined, { type: 'test/init' });

/** Runs `body` in virtual time and returns what it returned. */
function inVirtualTime<T>(body: (scheduler: TestScheduler) => T): T {
  const scheduler = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  return scheduler.run(() => body(scheduler));
}

describe('historyLoadActions (issue 6 item 2: no single long task for a long history)', () => {
  it('loads a short history in one historyLoaded and nothing later', () => {
    const points = history(10);
    const { first, rest$ } = historyLoadActions(
      { ActivityId: 1, LocationHistory: points, TimestampEnd: null },
      NEVER,
    );
    expect(first).toEqual(
      historyLoaded({ ActivityId: 1, LocationHistory: points, TimestampEnd: null }),
    );
    const later: Action[] = [];
    inVirtualTime(() => rest$.subscribe((action) => later.push(action)));
    expect(later).toEqual([]);
  });

  it('splits a long history into parts, one task each, staged until the last replaces the track', () => {
    const points = history(2 * HISTORY_LOAD_CHUNK_POINTS + 7);
    const { first, rest$ } = historyLoadActions(
      { ActivityId: 1, LocationHistory: points, TimestampEnd: EPOCH + points.length * 1_000 },
      NEVER,
      asyncScheduler,
    );
    const parts: Action[] = [];
    const beforeOtherWork = inVirtualTime((scheduler) => {
      let seen = -1;
      rest$.subscribe((action) => parts.push(action));
      // Queued behind the first part: it runs before the second, so other work fits between parts.
      scheduler.schedule(() => {
        seen = parts.length;
      });
      return () => seen;
    })();
    expect(beforeOtherWork).toBe(1);
    expect(parts).toHaveLength(2);
    // The screen keeps the old track while parts arrive.
    const old = rootReducer(
      initial,
      historyLoaded({ ActivityId: 1, LocationHistory: points.slice(0, 3) }),
    );
    const midway = [first, parts[0] as Action].reduce(rootReducer, old);
    expect(selectTrackColumns(midway, 1).length).toBe(3);
    const done = parts[1] === undefined ? midway : rootReducer(midway, parts[1]);
    expect(selectLocationHistoryState(done).staging).toEqual({});
    const folded = selectTrackColumns(done, 1);
    const whole = selectTrackColumns(
      rootReducer(initial, historyLoaded({ ActivityId: 1, LocationHistory: points })),
      1,
    );
    expect(folded.length).toBe(points.length);
    expect(folded.version).toBeGreaterThan(selectTrackColumns(old, 1).version);
    for (const column of ['time', 'positions', 'alt', 'speed', 'hacc'] as const) {
      expect(bytesOf(folded[column]).equals(bytesOf(whole[column])), column).toBe(true);
    }
  });

  it('keeps live points newer than the history of an open activity, and drops a replaced load’s parts', () => {
    const points = history(2 * HISTORY_LOAD_CHUNK_POINTS);
    const lastTime = points.at(-1)?.Time ?? 0;
    const live = { ...point(0), Time: lastTime + 5_000 };
    const load = historyLoadActions(
      { ActivityId: 1, LocationHistory: points, TimestampEnd: null },
      NEVER,
    );
    const parts: Action[] = [];
    inVirtualTime(() => load.rest$.subscribe((action) => parts.push(action)));
    const withLive = rootReducer(
      initial,
      historyLoaded({ ActivityId: 1, LocationHistory: [live], TimestampEnd: null }),
    );
    const done = [load.first, ...parts].reduce(rootReducer, withLive);
    expect(selectTrackColumns(done, 1).length).toBe(points.length + 1);
    expect(selectTrackColumns(done, 1).time.at(-1)).toBe(live.Time);
    // A whole load in between replaces the staged one: the stale later part changes nothing.
    const replaced = [load.first, historyLoaded({ ActivityId: 1, LocationHistory: [live] })].reduce(
      rootReducer,
      initial,
    );
    expect(rootReducer(replaced, parts[0] as Action).locationHistory).toBe(
      replaced.locationHistory,
    );
  });

  it('stops when a newer load of the same activity arrives, not for another activity nor itself', () => {
    const points = history(3 * HISTORY_LOAD_CHUNK_POINTS);
    const action$ = new Subject<Action>();
    const parts: Action[] = [];
    inVirtualTime((scheduler) => {
      const { first, rest$ } = historyLoadActions(
        { ActivityId: 1, LocationHistory: points, TimestampEnd: null },
        action$,
      );
      rest$.subscribe((action) => parts.push(action));
      action$.next(first);
      scheduler.schedule(() => {
        action$.next(historyLoaded({ ActivityId: 2, LocationHistory: [] }));
        action$.next(historyLoaded({ ActivityId: 1, LocationHistory: [] }));
      });
    });
    expect(parts).toHaveLength(1);
  });
});

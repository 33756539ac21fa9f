import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseActionLog, replayActionLog } from '../../../../src/store/actionLog/replay';
import {
  historyLoaded,
  selectLocationHistoryState,
} from '../../../../src/store/locationHistory/locationHistorySlice';
import { trackColumns, type TrackEntry } from '../../../../src/store/locationHistory/trackEntry';
import type { RootState } from '../../../../src/store/rootReducer';
import { createAppStore } from '../../../../src/store/store';
import { copyOf, point } from '../locationHistory/trackModel';
import { signedInIdentity, startedState, testClient, testDependencies } from '../testDependencies';
import { arbitraryAction } from './actionArbitraries';

/**
 * The state in a form `toStrictEqual` compares in full: each location-history track as its metadata
 * and its columns' values read through the public selectors (the columns ride under a symbol key that
 * a deep comparison would otherwise see only as object identity).
 */
function comparable(state: RootState) {
  const entries = (record: Readonly<Record<number, TrackEntry>>) =>
    Object.fromEntries(
      Object.entries(record).map(([key, entry]) => [
        key,
        {
          activityId: entry.activityId,
          length: entry.length,
          version: entry.version,
          firstTime: entry.firstTime,
          lastTime: entry.lastTime,
          columns: copyOf(trackColumns(entry)),
        },
      ]),
    );
  const { tracks, staging } = selectLocationHistoryState(state);
  return { ...state, locationHistory: { tracks: entries(tracks), staging: entries(staging) } };
}

/** A store started as a signed-in member with the client loaded: no start-up calls run. */
function startStore() {
  const preloadedState = startedState(signedInIdentity(Date.now() + 3_600_000), testClient);
  return {
    store: createAppStore({ dependencies: testDependencies(), preloadedState }),
    preloadedState,
  };
}

describe('action log replay (issue 6 item 4; ARCHITECTURE.md §4 "replay(actions) yields the live state")', () => {
  it('the comparison sees a track’s points, not only its metadata', () => {
    const { store, preloadedState } = startStore();
    store.dispatch(historyLoaded({ ActivityId: 1, LocationHistory: [point(0, 5.1, 58.1)] }));
    const other = replayActionLog(
      [
        {
          seq: 1,
          timeMs: 0,
          action: historyLoaded({ ActivityId: 1, LocationHistory: [point(0, 5.2, 58.1)] }),
        },
      ],
      preloadedState,
    );
    expect(comparable(other).locationHistory).not.toStrictEqual(
      comparable(store.getState()).locationHistory,
    );
  });

  it('replaying the recorded log from the initial state gives the live state, also after export', () => {
    fc.assert(
      fc.property(fc.array(arbitraryAction, { maxLength: 40 }), (actions) => {
        const { store, preloadedState } = startStore();
        for (const action of actions) store.dispatch(action);
        const live = comparable(store.getState());
        const entries = store.actionLog.entries();
        expect(entries.length).toBeGreaterThanOrEqual(actions.length);
        expect(comparable(replayActionLog(entries, preloadedState))).toStrictEqual(live);
        const exported = parseActionLog(store.actionLog.exportActionLog());
        expect(comparable(replayActionLog(exported, preloadedState))).toStrictEqual(live);
      }),
      { numRuns: 100 },
    );
  });
});

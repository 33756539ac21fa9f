import type { Action } from '@reduxjs/toolkit';
import {
  asyncScheduler,
  filter,
  map,
  scheduled,
  takeUntil,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { historyLoaded, type HistoryLoadedPayload } from './locationHistorySlice';
import { ofAction } from '../operators/ofAction';

/**
 * Points per reducer call when a long LocationHistory is loaded: a few ms of main-thread work each on
 * this machine (bench store.history-load), well below the 50 ms long-task limit of issue 6 (a
 * 605,000-point history, 7 days at 1 Hz, loads in 13 parts). A design choice, not a spec value.
 */
export const HISTORY_LOAD_CHUNK_POINTS = 50_000;

/**
 * How a LocationHistory enters the store without one long task (issue 6 item 2: "a 605k-point
 * history loaded in under 1 s of main-thread work with no single task over 50 ms"):
 * - `first`: `historyLoaded` of the whole history when it has at most
 *   {@link HISTORY_LOAD_CHUNK_POINTS} points; else of its first part (`part.index` 0), to dispatch
 *   at once;
 * - `rest$`: the later parts as `historyLoaded` with `part`, one per task of `scheduler`
 *   (asyncScheduler: a macrotask each, so the browser paints and handles input between parts); the
 *   slice stages the parts and the last one replaces the track (locationHistorySlice). It stops when
 *   another load of the same activity comes through `action$` (one whose payload is not this load's
 *   first), so an older load's parts never land after a newer load.
 * The parts are slices of `payload.LocationHistory` in its order: the server sends it sorted by Time,
 * so each part appends in amortized O(1) per point (unsorted input is still merged correctly).
 */
export function historyLoadActions(
  payload: HistoryLoadedPayload,
  action$: Observable<Action>,
  scheduler: SchedulerLike = asyncScheduler,
): { first: Action; rest$: Observable<Action> } {
  const { ActivityId, LocationHistory } = payload;
  const count = Math.ceil(LocationHistory.length / HISTORY_LOAD_CHUNK_POINTS);
  const partPayload = (index: number): HistoryLoadedPayload => ({
    ...payload,
    LocationHistory: LocationHistory.slice(
      index * HISTORY_LOAD_CHUNK_POINTS,
      (index + 1) * HISTORY_LOAD_CHUNK_POINTS,
    ),
    part: { index, count, totalPoints: LocationHistory.length },
  });
  if (count <= 1) return { first: historyLoaded(payload), rest$: scheduled([], scheduler) };
  const firstPayload = partPayload(0);
  const replaced$ = action$.pipe(
    ofAction(historyLoaded),
    filter(
      (action) =>
        action.payload.ActivityId === ActivityId &&
        action.payload !== firstPayload &&
        (action.payload.part?.index ?? 0) === 0,
    ),
  );
  const indexes = Array.from({ length: count - 1 }, (_, i) => i + 1);
  const rest$ = scheduled(indexes, scheduler).pipe(
    map((index) => historyLoaded(partPayload(index))),
    takeUntil(replaced$),
  );
  return { first: historyLoaded(firstPayload), rest$ };
}

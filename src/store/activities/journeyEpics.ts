import type { Action } from '@reduxjs/toolkit';
import {
  asyncScheduler,
  concat,
  defer,
  exhaustMap,
  from,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  throttleTime,
  timer,
  type OperatorFunction,
} from 'rxjs';
import type { AppEpic } from '../epic';
import { serverNowMs } from '../realtime/realtimeSlice';
import type { RootState } from '../rootReducer';
import { loggedOut } from '../session/sessionSlice';
import { JOURNEY_REFRESH_MS, PLAYBACK_THROTTLE_MS } from '../timing';
import { activityDetailRequested, selectActivityDetailsState } from './activityDetailsSlice';
import { loadSummaries } from './activitySummariesEpic';
import { selectActivitySummariesIn } from './activitySummariesSelectors';
import { activitySummariesLoaded } from './activitySummariesSlice';
import { isRecentlyActive } from './detailReloadRules';
import {
  journeyHidden,
  journeyShown,
  playbackTimeChanged,
  playbackTimeStored,
  type JourneySpan,
} from './journeySlice';
import { memberCallsFor } from './memberCalls';
import { activityOverlaps, widenSummaryWindow, type TimeWindow } from './summaryWindow';
import { ofAction } from '../operators/ofAction';

/** The journey's span up to `nowMs` (epoch ms): a journey that has not ended yet ends now. */
function journeyWindow(span: JourneySpan, nowMs: number): TimeWindow {
  const toMs = Math.max(span.JourneyStart, Math.min(span.JourneyEnd, Math.floor(nowMs)));
  return { fromMs: span.JourneyStart, toMs };
}

/**
 * Forced reloads of the held details in `window` that are open or ended within the last 60 s (held:
 * asked for by the member's screens, not brought by a share link only).
 */
function recentDetailReloads(state: RootState, window: TimeWindow, nowMs: number): Action[] {
  const { entities, loads } = selectActivityDetailsState(state);
  return Object.values(entities)
    .filter((detail) => loads[detail.ActivityId] !== undefined)
    .filter((detail) => activityOverlaps(detail.TimestampStart, detail.TimestampEnd, window))
    .filter((detail) => isRecentlyActive(detail.TimestampEnd, nowMs))
    .map((detail) => activityDetailRequested({ ActivityId: detail.ActivityId, force: true }));
}

/**
 * Requests again (as preloads) the details of the journey's activities whose last load failed, not
 * because the member has no such activity (404): the screen asks for a detail only when the shown
 * activities change (JourneyPage), so a track that failed to load once is tried again each minute.
 */
function failedDetailRetries(state: RootState, window: TimeWindow): Action[] {
  const { loads } = selectActivityDetailsState(state);
  return selectActivitySummariesIn(state, window)
    .filter(
      ({ ActivityId }) => loads[ActivityId]?.status === 'failed' && !loads[ActivityId].missing,
    )
    .map(({ ActivityId }) => activityDetailRequested({ ActivityId, preload: true }));
}

/**
 * While a journey is shown (`journeyShown` until `journeyHidden`, another `journeyShown` or logout),
 * it is loaded at once and refreshed each minute (spec §9 "Journey refresh each minute"; STYLE.md:
 * `timer(0, 60_000)` into `exhaustMap`, so a slow refresh is never overlapped): its summaries are
 * refetched (the journey's span up to now, widened to 30 days, merged into the cache), then the held
 * details of its activities that are open or ended within the last 60 s are reloaded, forced, and
 * those whose last load failed are asked for again.
 */
export const journeyRefreshEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(journeyShown),
    switchMap(({ payload: span }) =>
      timer(0, JOURNEY_REFRESH_MS).pipe(
        exhaustMap(() =>
          defer(() => {
            const window = journeyWindow(span, serverNowMs(state$.value, deps.now()));
            const calls = memberCallsFor(() => state$.value, deps);
            return loadSummaries(calls, [widenSummaryWindow(window)]).pipe(
              mergeMap((action) =>
                activitySummariesLoaded.match(action)
                  ? concat(
                      of(action),
                      defer(() =>
                        from([
                          ...recentDetailReloads(
                            state$.value,
                            window,
                            serverNowMs(state$.value, deps.now()),
                          ),
                          ...failedDetailRetries(state$.value, window),
                        ]),
                      ),
                    )
                  : of(action),
              ),
            );
          }),
        ),
        takeUntil(merge(action$.pipe(ofAction(journeyHidden)), action$.pipe(ofAction(loggedOut)))),
      ),
    ),
  );

/**
 * Playback times at animation speed (epoch ms) → at most one per 10 s (spec §9 "Playback throttle
 * is 10 s"): the first of a burst at once, then the latest of each 10 s, so the last value always
 * arrives (throttleTime with leading and trailing). For the UI's own animation stream too.
 */
export function storedPlaybackTimes(): OperatorFunction<number, number> {
  return throttleTime(PLAYBACK_THROTTLE_MS, asyncScheduler, { leading: true, trailing: true });
}

/** `playbackTimeChanged` (animation speed) → `playbackTimeStored` at most every 10 s. */
export const playbackThrottleEpic: AppEpic = (action$) =>
  action$.pipe(
    ofAction(playbackTimeChanged),
    map(({ payload }) => payload.timeMs),
    storedPlaybackTimes(),
    map((timeMs) => playbackTimeStored({ timeMs })),
  );

import { createAction, type Action } from '@reduxjs/toolkit';
import { asyncScheduler, delay, filter, mergeMap, of, EMPTY, throttleTime } from 'rxjs';
import type { AppEpic } from '../epic';
import { socketVerified } from '../realtime/realtimeSlice';
import { ACTIVITY_REFRESH_DELAY_MS, ACTIVITY_REFRESH_THROTTLE_MS } from '../timing';
import { activitySummariesRequested, selectActivitySummariesState } from './activitySummariesSlice';
import { ofAction } from '../operators/ofAction';

/**
 * Bring the cached activity summaries up to date (a screen coming back into view, a pull to refresh,
 * a change of an activity whose detail is not shown). Throttled: see {@link activityRefreshEpic}.
 */
export const activitiesRefreshRequested = createAction('activities/activitiesRefreshRequested');

/**
 * A refresh trigger: a request, or a (re)connection of the member's socket the server accepted (not
 * a share page's or the monitor's socket: those say nothing of the member's activities).
 */
function isRefreshTrigger(action: Action): boolean {
  return (
    activitiesRefreshRequested.match(action) ||
    (socketVerified.match(action) &&
      action.payload.success &&
      action.payload.socketKey === undefined)
  );
}

/**
 * Spec §9 "Refresh throttle 30 s with a delay of 3 s", read as the refresh of the activity data: the
 * spec does not name its subject; the changes a refresh catches up on are those pushed over the
 * socket, so its triggers are `activitiesRefreshRequested` and each accepted socket (re)connection
 * (changes pushed while it was down were missed). At most one refresh starts per 30 s (throttleTime,
 * leading and trailing: the first trigger of a burst and the last one within the 30 s both count),
 * and each runs 3 s after its trigger, so a reconnection settles first. A refresh tops the cached
 * summary window up to now (`activitySummariesRequested({ fromMs })`, the cache's own start); with
 * nothing cached there is nothing to refresh.
 */
export const activityRefreshEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    ofAction(activitiesRefreshRequested, socketVerified),
    filter(isRefreshTrigger),
    throttleTime(ACTIVITY_REFRESH_THROTTLE_MS, asyncScheduler, { leading: true, trailing: true }),
    delay(ACTIVITY_REFRESH_DELAY_MS),
    mergeMap(() => {
      const window = selectActivitySummariesState(state$.value).window;
      return window ? of(activitySummariesRequested({ fromMs: window.fromMs })) : EMPTY;
    }),
  );

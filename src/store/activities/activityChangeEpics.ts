import type { Action } from '@reduxjs/toolkit';
import { exhaustMap, from, groupBy, map, mergeMap, of, takeUntil, timer } from 'rxjs';
import type { EntityChange } from '../../api/socket';
import type { AppEpic } from '../epic';
import type { RootState } from '../rootReducer';
import { ACTIVITY_CHANGE_LOADING_WAIT_MS } from '../timing';
import { activityDetailRequested, selectActivityDetailsState } from './activityDetailsSlice';
import { activityRemoved } from './activityEvents';
import { activitySummariesRequested, selectActivitySummariesState } from './activitySummariesSlice';
import { activitiesRefreshRequested } from './activityRefreshEpic';
import { changesOf } from './entityChanges';
import { selectAlertsState } from './alertsSlice';
import { loggedOut } from '../session/sessionSlice';
import { ofAction } from '../operators/ofAction';

/** The activity an Activity or Alert change concerns, or null (an alert of no known activity). */
function activityOf(state: RootState, change: EntityChange): number | null {
  if (change.EntityType === 'Activity') return change.EntityId;
  return (
    change.ActivityId ?? selectAlertsState(state).entities[change.EntityId]?.ActivityId ?? null
  );
}

/** Whether the member's screens hold the detail of `activityId` (asked for and not removed). */
function detailHeld(state: RootState, activityId: number): boolean {
  return selectActivityDetailsState(state).loads[activityId] !== undefined;
}

/**
 * Whether only a share link brought the detail of `activityId` (a guardian's or operator's view;
 * `activityDetailLoaded` via share): its page reloads it through the share, and the member API has
 * nothing to say about someone else's activity.
 */
function sharedOnly(state: RootState, activityId: number): boolean {
  const details = selectActivityDetailsState(state);
  return details.entities[activityId] !== undefined && details.loads[activityId] === undefined;
}

/**
 * An Activity or Alert change of an activity whose detail is held reloads that detail, forced (spec
 * §4 "An activity change pushed over the socket reloads the detail, after a 5 s wait if it is
 * currently loading"; Alert changes refresh the owning activity). Per activity (groupBy): a change
 * while its detail loads waits 5 s, and changes during that wait are covered by the reload that ends
 * it (exhaustMap), so a chatty open activity reloads at most once per wait.
 */
export const activityChangeReloadEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    changesOf('Activity', 'Alert'),
    mergeMap((changes) => {
      const state = state$.value;
      const ids = changes
        .filter((change) => change.ChangeType !== 'deleted' || change.EntityType === 'Alert')
        .map((change) => activityOf(state, change))
        .filter((id): id is number => id !== null && detailHeld(state, id));
      return from(new Set(ids));
    }),
    groupBy((activityId) => activityId),
    mergeMap((perActivity$) =>
      perActivity$.pipe(
        exhaustMap((ActivityId) => {
          const reload = activityDetailRequested({ ActivityId, force: true });
          const loading =
            selectActivityDetailsState(state$.value).loads[ActivityId]?.status === 'loading';
          return loading
            ? timer(ACTIVITY_CHANGE_LOADING_WAIT_MS).pipe(
                map(() => reload),
                takeUntil(action$.pipe(ofAction(loggedOut))),
              )
            : of(reload);
        }),
      ),
    ),
  );

/**
 * Activity changes of activities whose detail is not held (nor brought by a share link only) keep the
 * summaries current:
 * - `deleted`: `activityRemoved` (it leaves every slice, held detail or not);
 * - a cached summary of an ended activity: its own window is refetched (`force`), e.g. an edit made
 *   on another device;
 * - anything else (a new activity, an open one, one not cached): `activitiesRefreshRequested`, the
 *   throttled top-up to now (spec §9 "Refresh throttle 30 s with a delay of 3 s"), so a recording
 *   activity's changes every few seconds cost one summaries load per 30 s.
 */
export const activitySummaryChangeEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    changesOf('Activity'),
    mergeMap((changes) => {
      const state = state$.value;
      const actions: Action[] = [];
      let refresh = false;
      for (const change of changes) {
        const ActivityId = change.EntityId;
        const summary = selectActivitySummariesState(state).entities[ActivityId];
        if (change.ChangeType === 'deleted') actions.push(activityRemoved({ ActivityId }));
        else if (detailHeld(state, ActivityId) || sharedOnly(state, ActivityId)) continue;
        else if (summary && summary.TimestampEnd !== null) {
          actions.push(
            activitySummariesRequested({
              fromMs: summary.TimestampStart,
              toMs: summary.TimestampEnd,
              force: true,
            }),
          );
        } else refresh = true;
      }
      if (refresh) actions.push(activitiesRefreshRequested());
      return from(actions);
    }),
  );

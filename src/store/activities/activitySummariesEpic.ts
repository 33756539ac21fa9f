import type { Action } from '@reduxjs/toolkit';
import {
  catchError,
  concatMap,
  defer,
  EMPTY,
  forkJoin,
  map,
  of,
  startWith,
  takeUntil,
  type Observable,
} from 'rxjs';
import { memberWearerActivitySummaries } from '../../api/calls/memberIntegrationActivities';
import type { ActivitySummary } from '../../api/entities/activity';
import type { AppEpic } from '../epic';
import { serverNowMs } from '../realtime/realtimeSlice';
import {
  activitySummariesLoaded,
  activitySummariesLoadFailed,
  activitySummariesLoadStarted,
  activitySummariesRequested,
  selectActivitySummariesState,
} from './activitySummariesSlice';
import { memberCallsFor, type MemberCalls } from './memberCalls';
import { requestedSummaryWindow, summaryFetchPlan, type TimeWindow } from './summaryWindow';
import { ofAction } from '../operators/ofAction';
import { loggedOut } from '../session/sessionSlice';

/**
 * Loads the summaries of `windows` (epoch ms, each already widened to 30 days) with
 * member-wearer-activity-summaries, all in parallel: `activitySummariesLoadStarted`, then one
 * `activitySummariesLoaded({ fetched: windows, Activities })` (an activity in two answers once, the
 * later answer winning) or `activitySummariesLoadFailed` when any load fails.
 */
export function loadSummaries(
  calls: MemberCalls,
  windows: readonly TimeWindow[],
): Observable<Action> {
  return forkJoin(
    windows.map((window) =>
      calls.call(memberWearerActivitySummaries, { TimeStart: window.fromMs, TimeEnd: window.toMs }),
    ),
  ).pipe(
    map((answers): Action => {
      const byId = new Map<number, ActivitySummary>();
      for (const answer of answers) for (const s of answer.Activities) byId.set(s.ActivityId, s);
      return activitySummariesLoaded({ fetched: windows, Activities: [...byId.values()] });
    }),
    catchError(() => of(activitySummariesLoadFailed())),
    startWith(activitySummariesLoadStarted()),
  );
}

/**
 * `activitySummariesRequested({ fromMs?, toMs?, force? })` loads the summaries of that window (default
 * the last 365 days, at least 30 days: spec §9 Data windows), fetching only what the cached window
 * lacks (top-up; `force` refetches the window too) and merging the answer into the cache. Requests
 * run one after another (concatMap), each planned against the cache as the previous one left it, so a
 * repeated request fetches nothing twice.
 */
export const activitySummariesEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activitySummariesRequested),
    concatMap(({ payload }) =>
      defer(() => {
        const requested = requestedSummaryWindow(payload, serverNowMs(state$.value, deps.now()));
        const loaded = selectActivitySummariesState(state$.value).window;
        const plan = summaryFetchPlan(loaded, requested, payload.force ?? false);
        if (plan.length === 0) return EMPTY;
        return loadSummaries(
          memberCallsFor(() => state$.value, deps),
          plan,
        );
      }).pipe(takeUntil(action$.pipe(ofAction(loggedOut)))),
    ),
  );

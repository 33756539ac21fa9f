import type { Action } from '@reduxjs/toolkit';
import {
  catchError,
  defer,
  EMPTY,
  filter,
  forkJoin,
  map,
  mergeMap,
  of,
  type Observable,
} from 'rxjs';
import {
  memberWearerActivityDetail,
  memberWearerActivityTrack,
} from '../../api/calls/memberIntegrationActivities';
import { HttpError } from '../../api/client/apiErrors';
import type { AppEpic } from '../epic';
import { serverNowMs } from '../realtime/realtimeSlice';
import { ACTIVITY_DETAIL_PARALLEL_LOADS } from '../timing';
import {
  activityDetailLoadFailed,
  activityDetailLoadQueued,
  activityDetailReloadRequested,
  activityDetailRequested,
  selectActivityDetailsState,
} from './activityDetailsSlice';
import { trackColumnsLoaded } from '../locationHistory/locationHistorySlice';
import { activityDetailLoaded, loadedDetailOf } from './activityEvents';
import { selectPreviousActivityId } from './activitySummariesSelectors';
import { detailLoadDecision } from './detailReloadRules';
import { memberCallsFor } from './memberCalls';
import { ofAction } from '../operators/ofAction';
import { untilLoggedOut } from '../operators/untilLoggedOut';

/**
 * Decides each `activityDetailRequested({ ActivityId, force? })` by the spec §4 rules
 * ({@link detailLoadDecision} at `deps.now()`): `activityDetailLoadQueued` for a load,
 * `activityDetailReloadRequested` for a forced reload of a detail still loading, nothing otherwise.
 * The queued action marks the detail loading at once, so a second request waits for the first.
 */
export const activityDetailRequestEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activityDetailRequested),
    mergeMap(({ payload }) => {
      const { ActivityId } = payload;
      const details = selectActivityDetailsState(state$.value);
      const decision = detailLoadDecision(
        details.loads[ActivityId],
        details.entities[ActivityId]?.TimestampEnd,
        payload.force ?? false,
        serverNowMs(state$.value, deps.now()),
      );
      if (decision === 'load') return of(activityDetailLoadQueued({ ActivityId }));
      if (decision === 'reloadAfterCurrent')
        return of(activityDetailReloadRequested({ ActivityId }));
      return EMPTY;
    }),
  );

/**
 * Runs the queued detail loads, at most 4 at once (spec §4 "up to 4 in parallel"; mergeMap with
 * concurrency {@link ACTIVITY_DETAIL_PARALLEL_LOADS}); the rest wait in order. Each load asks, at
 * once, for member-wearer-activity-detail without points (the window [0, 0]) and for its
 * LocationHistory, all of it ([0, Number.MAX_SAFE_INTEGER] epoch ms), as columns (member-wearer-activity-track: binary, no
 * JSON object per point — a 7-day journey at 1 Hz is 605,000 points), and answers
 * `trackColumnsLoaded` then `activityDetailLoaded({ detail })`, or
 * `activityDetailLoadFailed({ ActivityId, missing })` when either call fails (`missing`: it answered
 * 404, the member has no such activity).
 */
export const activityDetailLoadEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activityDetailLoadQueued),
    mergeMap(({ payload: { ActivityId } }) => {
      // A load waits in mergeMap's queue, and its answer comes later: by then a logout, a delete
      // or a removal may have forgotten it (the store's `loads` entry is gone). Such a load is not
      // sent, and its answer or failure is dropped, so it cannot bring a forgotten activity back.
      const stillWanted = (): boolean =>
        selectActivityDetailsState(state$.value).loads[ActivityId]?.status === 'loading';
      return defer(() => {
        if (!stillWanted()) return EMPTY;
        const calls = memberCallsFor(() => state$.value, deps);
        const requestedAt = deps.now();
        return forkJoin({
          answer: calls.call(memberWearerActivityDetail, {
            ActivityId,
            TimeStart: 0,
            TimeEnd: 0,
          }),
          columns: calls.call(memberWearerActivityTrack, {
            ActivityId,
            TimeStart: 0,
            // Every fix: not "up to now" on this browser's clock, which may run behind the
            // server's or the device's (docs/decisions.md "Whose clock").
            TimeEnd: Number.MAX_SAFE_INTEGER,
          }),
        }).pipe(map((loaded) => ({ ...loaded, requestedAt })));
      }).pipe(
        mergeMap(({ answer, columns, requestedAt }): Observable<Action> => {
          if (!stillWanted()) return EMPTY;
          const detail = loadedDetailOf(answer.Activity);
          return of(
            trackColumnsLoaded({
              ActivityId,
              Columns: columns,
              TimestampEnd: detail.TimestampEnd,
            }),
            activityDetailLoaded({ detail, requestedAt }),
          );
        }),
        catchError((error: unknown): Observable<Action> =>
          stillWanted()
            ? of(
                activityDetailLoadFailed(
                  error instanceof HttpError && error.status === 404
                    ? { ActivityId, missing: true }
                    : { ActivityId },
                ),
              )
            : EMPTY,
        ),
        // A logout also cancels the requests in flight.
        untilLoggedOut(action$),
      );
    }, ACTIVITY_DETAIL_PARALLEL_LOADS),
  );

/**
 * When a load answers (or fails) for a detail whose forced reload was asked for meanwhile, that
 * reload is requested now, so answers of one detail never overtake each other.
 */
export const activityDetailPendingReloadEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    map((action) => {
      if (activityDetailLoaded.match(action)) return action.payload.detail.ActivityId;
      if (activityDetailLoadFailed.match(action)) return action.payload.ActivityId;
      return null;
    }),
    filter((id): id is number => id !== null),
    filter((id) => selectActivityDetailsState(state$.value).loads[id]?.reloadRequested === true),
    map((ActivityId) => activityDetailRequested({ ActivityId, force: true })),
  );

/**
 * A plain request (neither forced nor itself a preload) also requests the previous activity by
 * start time in the cached summaries, marked `preload` so that it preloads nothing further (spec §4
 * "with the previous activity preloaded"). The preload follows the rules of any request, so a loaded
 * detail that ended over an hour ago is not loaded again.
 */
export const activityDetailPreloadEpic: AppEpic = (action$, state$) =>
  action$.pipe(
    ofAction(activityDetailRequested),
    filter(({ payload }) => !payload.force && !payload.preload),
    mergeMap(({ payload }) => {
      const previous = selectPreviousActivityId(state$.value, payload.ActivityId);
      return previous === null
        ? EMPTY
        : of(activityDetailRequested({ ActivityId: previous, preload: true }));
    }),
  );

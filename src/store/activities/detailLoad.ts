import type { Action } from '@reduxjs/toolkit';
import { concat, from, NEVER, type Observable, type SchedulerLike } from 'rxjs';
import type { ActivityDetail } from '../../api/entities/activity';
import { historyLoadActions } from '../locationHistory/historyLoad';
import { activityDetailLoaded, loadedDetailOf } from './activityEvents';

/** The actions that put one detail into the store: {@link detailLoadedActions}. */
export interface DetailLoadActions {
  /** `historyLoaded` (all or the first part of the points), then `activityDetailLoaded`. */
  readonly now: readonly [Action, Action];
  /** A long history's later parts, one task apart; completes at once for a short one. */
  readonly rest$: Observable<Action>;
}

/**
 * The actions that put a detail from the server into the store: `historyLoaded` (the location points,
 * epoch-ms `Time`, to the location-history slice), then `activityDetailLoaded` (the rest), then, for a
 * long history, its later parts one task apart (src/store/locationHistory/historyLoad.ts: no single
 * long task). `action$` is the epic's action stream (a newer load of the same activity stops the
 * parts; default: nothing stops them); `scheduler` paces the parts (asyncScheduler; virtual in tests);
 * `via` says a share link brought it (see `activityDetailLoaded`).
 */
export function detailLoadedActions(
  detail: ActivityDetail,
  action$: Observable<Action> = NEVER,
  scheduler?: SchedulerLike,
  via?: 'share',
  requestedAt?: number,
): DetailLoadActions {
  const history = historyLoadActions(
    {
      ActivityId: detail.ActivityId,
      LocationHistory: detail.LocationHistory,
      TimestampEnd: detail.TimestampEnd,
    },
    action$,
    scheduler,
  );
  return {
    now: [
      history.first,
      activityDetailLoaded({
        detail: loadedDetailOf(detail),
        ...(via ? { via } : {}),
        ...(requestedAt === undefined ? {} : { requestedAt }),
      }),
    ],
    rest$: history.rest$,
  };
}

/** {@link detailLoadedActions} as one stream: the actions of `now`, then the later parts. */
export function detailLoaded$(
  detail: ActivityDetail,
  action$: Observable<Action>,
  via?: 'share',
): Observable<Action> {
  const { now, rest$ } = detailLoadedActions(detail, action$, undefined, via);
  return concat(from(now), rest$);
}

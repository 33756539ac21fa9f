import { concat, filter, interval, map, mergeMap, of, takeUntil } from 'rxjs';
import type { AppEpic } from '../epic';
import { serverNowMs } from '../realtime/realtimeSlice';
import { OPEN_ACTIVITY_REFRESH_MS } from '../timing';
import { activityDetailRequested, selectActivityDetailsState } from './activityDetailsSlice';
import { activityDetailShown } from './activityEvents';
import { detailHidden$ } from './detailHidden';
import { isRecentlyActive } from './detailReloadRules';
import { ofAction } from '../operators/ofAction';

/**
 * While a screen shows an activity (`activityDetailShown` until `activityDetailHidden` of the same
 * id, or logout): its detail is requested at once (lazily, with the previous one preloaded), then
 * every minute it is reloaded (forced) as long as the loaded detail is open or ended within the last
 * 60 s (spec §4 "Open activities are refreshed every minute"; §9 "activities that ended within the
 * last 60 s are reloaded"). A detail not loaded yet is left to its pending load.
 */
export const openActivityRefreshEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activityDetailShown),
    mergeMap(({ payload: { ActivityId } }) =>
      concat(
        of(activityDetailRequested({ ActivityId })),
        interval(OPEN_ACTIVITY_REFRESH_MS).pipe(
          filter(() => {
            const detail = selectActivityDetailsState(state$.value).entities[ActivityId];
            return (
              detail !== undefined &&
              isRecentlyActive(detail.TimestampEnd, serverNowMs(state$.value, deps.now()))
            );
          }),
          map(() => activityDetailRequested({ ActivityId, force: true })),
        ),
      ).pipe(takeUntil(detailHidden$(action$, ActivityId))),
    ),
  );

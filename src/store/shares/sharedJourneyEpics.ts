import {
  EMPTY,
  catchError,
  exhaustMap,
  filter,
  groupBy,
  interval,
  map,
  mergeMap,
  of,
  takeUntil,
} from 'rxjs';
import { sharedJourneyActivity } from '../../api/calls/shareViewing';
import { decodeShareTokenClaims } from '../../api/entities/share';
import { detailLoaded$ } from '../activities/detailLoad';
import type { AppEpic } from '../epic';
import { JOURNEY_REFRESH_MS, SHARED_JOURNEY_ACTIVITY_LOADS } from '../timing';
import { shareCallsOver } from './shareCalls';
import { sharedViewLoaded, sharedViewRequested } from './sharedViewsSlice';
import {
  sharedJourneyActivityFailed,
  sharedJourneyActivityRequested,
} from './sharedJourneyActions';

export { sharedJourneyActivityFailed, sharedJourneyActivityRequested };
import { shareEnd$ } from './shareEnd';
import { ofAction } from '../operators/ofAction';

/**
 * Loads the activities a journey viewer opens (spec app §7 shared-journey-activity) into the activity
 * slices (`historyLoaded`, `activityDetailLoaded`), at most {@link SHARED_JOURNEY_ACTIVITY_LOADS} at a
 * time; a failure of one is `sharedJourneyActivityFailed` and leaves the others. Loads of a share end
 * with its view.
 */
export const sharedJourneyActivityEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(sharedJourneyActivityRequested),
    mergeMap(({ payload }) => {
      const claims = decodeShareTokenClaims(payload.ShareToken);
      if (!claims) return EMPTY;
      const calls = deps.shareCalls ?? shareCallsOver(deps.fetch);
      return calls(claims.C2Url)
        .call(sharedJourneyActivity, payload)
        .pipe(
          mergeMap((answer) => detailLoaded$(answer.Activity, action$, 'share')),
          catchError(() => of(sharedJourneyActivityFailed(payload))),
          takeUntil(shareEnd$(action$, payload.ShareToken)),
        );
    }, SHARED_JOURNEY_ACTIVITY_LOADS),
  );

/**
 * While a shared journey is shown it is refreshed every minute (spec §9 "Journey refresh each
 * minute"): activity-sharing again, which also tells a revoked or expired link. Ends with the view.
 */
export const sharedJourneyRefreshEpic: AppEpic = (action$) =>
  action$.pipe(
    ofAction(sharedViewLoaded),
    filter(({ payload }) => payload.Journey !== null),
    groupBy(({ payload }) => payload.ShareToken),
    mergeMap((loads$) =>
      loads$.pipe(
        exhaustMap(({ payload }) =>
          interval(JOURNEY_REFRESH_MS).pipe(
            map(() => sharedViewRequested({ ShareToken: payload.ShareToken })),
            takeUntil(shareEnd$(action$, payload.ShareToken)),
          ),
        ),
      ),
    ),
  );

export const sharedJourneyEpics: AppEpic[] = [sharedJourneyActivityEpic, sharedJourneyRefreshEpic];

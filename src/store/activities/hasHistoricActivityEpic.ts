import { catchError, EMPTY, exhaustMap, filter, map } from 'rxjs';
import { memberWearerHasHistoricActivity } from '../../api/calls/memberIntegrationActivities';
import type { AppEpic } from '../epic';
import {
  hasHistoricActivityLoaded,
  hasHistoricActivityRequested,
  selectActivitySummariesState,
} from './activitySummariesSlice';
import { memberCallsFor } from './memberCalls';
import { ofAction } from '../operators/ofAction';

/**
 * `hasHistoricActivityRequested` asks the server whether the wearer has any activity at all (spec §7
 * GET member-wearer-has-historic-activity) unless the store knows already (an answer, or a loaded
 * summary): `hasHistoricActivityLoaded({ HasHistoricActivity })`. One call at a time (exhaustMap); a
 * failed call leaves it unknown, and the activities list then shows its plain empty text.
 */
export const hasHistoricActivityEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(hasHistoricActivityRequested),
    filter(() => selectActivitySummariesState(state$.value).hasHistoricActivity === null),
    exhaustMap(() =>
      memberCallsFor(() => state$.value, deps)
        .call(memberWearerHasHistoricActivity, {})
        .pipe(
          map((answer) =>
            hasHistoricActivityLoaded({ HasHistoricActivity: answer.HasHistoricActivity }),
          ),
          catchError(() => EMPTY),
        ),
    ),
  );

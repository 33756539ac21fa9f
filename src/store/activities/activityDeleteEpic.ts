import type { Action } from '@reduxjs/toolkit';
import { concat, defer, map, mergeMap, of } from 'rxjs';
import { memberWearerActivityDelete } from '../../api/calls/memberIntegrationActivities';
import type { AppEpic } from '../epic';
import { notify } from '../notifications/notify';
import { ACTIVITY_RELOAD_AFTER_DELETE_MS } from '../timing';
import { activityDetailRequested, selectActivityDetailsState } from './activityDetailsSlice';
import {
  activityDeleted,
  activityDeleteFailed,
  activityDeleteRequested,
} from './activityEditActions';
import { activitySummariesRequested, selectActivitySummariesState } from './activitySummariesSlice';
import { memberCallsFor } from './memberCalls';
import { saveOutcome } from './saveOutcome';
import { ofAction } from '../operators/ofAction';

/** Translation key of the failure notice (spec §8 "delete: ErrorCode UNKNOWN with a false status"). */
export const DELETE_FAILED_KEY = 'Activities.Errors.DeleteFailed';

/**
 * `activityDeleteRequested({ ActivityId })`: `activityDeleted` removes the activity locally at once
 * (carrying its summary and detail), member-wearer-activity-delete deletes it, and 1 s after the
 * local removal the cached summaries reload (spec §4 "Delete reloads after 1 s": the cached window,
 * forced, up to now; nothing when none is cached). A failure puts the summary and detail back (`activityDeleteFailed`), shows a
 * notice, and reloads a detail that was held (its location history was cleared with the delete).
 */
export const activityDeleteEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activityDeleteRequested),
    mergeMap(({ payload: { ActivityId } }) => {
      const state = state$.value;
      const previous = {
        summary: selectActivitySummariesState(state).entities[ActivityId] ?? null,
        detail: selectActivityDetailsState(state).entities[ActivityId] ?? null,
      };
      const deleted$ = defer(() =>
        memberCallsFor(() => state$.value, deps).call(memberWearerActivityDelete, { ActivityId }),
      ).pipe(map((answer) => answer.DeleteStatus));
      const reload = (): Action | null => {
        const window = selectActivitySummariesState(state$.value).window;
        return window ? activitySummariesRequested({ fromMs: window.fromMs, force: true }) : null;
      };
      return concat(
        of<Action>(activityDeleted({ ActivityId, previous })),
        saveOutcome(deleted$, ACTIVITY_RELOAD_AFTER_DELETE_MS, reload, () => [
          activityDeleteFailed({ ActivityId, previous }),
          notify(deps, 'error', DELETE_FAILED_KEY),
          // The location history left with the delete; the detail's reload brings it back.
          ...(previous.detail ? [activityDetailRequested({ ActivityId, force: true })] : []),
        ]),
      );
    }),
  );

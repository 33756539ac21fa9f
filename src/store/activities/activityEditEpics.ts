import type { Action } from '@reduxjs/toolkit';
import { EMPTY, concat, defer, map, mergeMap, of } from 'rxjs';
import {
  memberWearerActivityEdit,
  memberWearerActivitySplits,
  memberWearerActivityTrim,
} from '../../api/calls/memberIntegrationActivities';
import { SplitsSettings } from '../../api/entities/splits';
import type { AppEpic } from '../epic';
import { notify } from '../notifications/notify';
import type { RootState } from '../rootReducer';
import { ACTIVITY_RELOAD_AFTER_EDIT_MS } from '../timing';
import { activityDetailRequested, selectActivityDetailsState } from './activityDetailsSlice';
import {
  activityEdited,
  activityEditFailed,
  activityEditRequested,
  activitySplitsSaved,
  activitySplitsSaveFailed,
  activitySplitsSaveRequested,
  activityTrimFailed,
  activityTrimmed,
  activityTrimRequested,
} from './activityEditActions';
import { memberCallsFor } from './memberCalls';
import { saveOutcome } from './saveOutcome';
import { selectActivitySummariesState } from './activitySummariesSlice';
import { ofAction } from '../operators/ofAction';
import { serialPerKey } from '../operators/serialPerKey';

/** Translation keys of the failure notices (spec §8 "edit, splits and trim: ErrorCode UNKNOWN"). */
export const EDIT_FAILED_KEY = 'Activities.Errors.EditFailed';
export const TRIM_FAILED_KEY = 'Activities.Errors.TrimFailed';
export const SPLITS_FAILED_KEY = 'Activities.Errors.SplitsSaveFailed';

/** The forced reload of the activity that follows a saved change (its detail updates the summary). */
const reloadOf = (ActivityId: number) => () => activityDetailRequested({ ActivityId, force: true });

/** The summary or else the detail of an activity in the store. */
function storedActivity(state: RootState, id: number) {
  return (
    selectActivitySummariesState(state).entities[id] ??
    selectActivityDetailsState(state).entities[id]
  );
}

/**
 * `activityEditRequested({ ActivityId, NewActivityType })`: `activityEdited` changes the type locally
 * at once, then member-wearer-activity-edit saves it; once saved the activity reloads about 6 s
 * after the local update (spec §4), otherwise `activityEditFailed` puts the previous type back and an
 * error notice shows.
 */
export const activityEditEpic: AppEpic = (action$, state$, deps) => {
  const queued = serialPerKey();
  return action$.pipe(
    ofAction(activityEditRequested),
    mergeMap(({ payload: { ActivityId, NewActivityType } }) => {
      const previous = {
        ActivityType: storedActivity(state$.value, ActivityId)?.ActivityType ?? null,
      };
      const saved$ = queued(
        ActivityId,
        defer(() =>
          memberCallsFor(() => state$.value, deps).call(memberWearerActivityEdit, {
            ActivityId,
            NewActivityType,
          }),
        ),
      ).pipe(map((answer) => answer.EditStatus));
      return concat(
        of<Action>(activityEdited({ ActivityId, NewActivityType, previous })),
        saveOutcome(saved$, ACTIVITY_RELOAD_AFTER_EDIT_MS, reloadOf(ActivityId), () => [
          activityEditFailed({ ActivityId, previous }),
          notify(deps, 'error', EDIT_FAILED_KEY),
        ]),
      );
    }),
  );
};

/**
 * `activityTrimRequested({ ActivityId, NewActivityStart, NewActivityEnd })`: `activityTrimmed` moves
 * the bounds locally, member-wearer-activity-trim saves them, the activity reloads about 6 s later
 * (new stats and history); a failure puts the bounds back (`activityTrimFailed`) with a notice.
 */
export const activityTrimEpic: AppEpic = (action$, state$, deps) => {
  const queued = serialPerKey();
  return action$.pipe(
    ofAction(activityTrimRequested),
    mergeMap(({ payload: { ActivityId, NewActivityStart, NewActivityEnd } }) => {
      const stored = storedActivity(state$.value, ActivityId);
      const previous = stored
        ? { TimestampStart: stored.TimestampStart, TimestampEnd: stored.TimestampEnd }
        : null;
      const saved$ = queued(
        ActivityId,
        defer(() =>
          memberCallsFor(() => state$.value, deps).call(memberWearerActivityTrim, {
            ActivityId,
            NewActivityStart,
            NewActivityEnd,
          }),
        ),
      ).pipe(map((answer) => answer.TrimStatus));
      return concat(
        of<Action>(activityTrimmed({ ActivityId, NewActivityStart, NewActivityEnd, previous })),
        saveOutcome(saved$, ACTIVITY_RELOAD_AFTER_EDIT_MS, reloadOf(ActivityId), () => [
          activityTrimFailed({ ActivityId, previous }),
          notify(deps, 'error', TRIM_FAILED_KEY),
        ]),
      );
    }),
  );
};

/**
 * `activitySplitsSaveRequested({ ActivityId, SplitsSettings })`: the form's values are parsed (spec
 * §5 splits rules; invalid values only show the notice), `activitySplitsSaved` applies them locally,
 * member-wearer-activity-splits saves them, the activity reloads about 6 s later; a failure restores
 * the previous settings (`activitySplitsSaveFailed`) with a notice. Settings equal to those the
 * activity shows (a double click, whose first save applied them at once) send nothing.
 */
export const activitySplitsEpic: AppEpic = (action$, state$, deps) => {
  const queued = serialPerKey();
  return action$.pipe(
    ofAction(activitySplitsSaveRequested),
    mergeMap(({ payload: { ActivityId, SplitsSettings: input } }) => {
      const parsed = SplitsSettings.safeParse(input);
      if (!parsed.success) return of(notify(deps, 'error', SPLITS_FAILED_KEY));
      const settings = parsed.data;
      const current =
        selectActivityDetailsState(state$.value).entities[ActivityId]?.SplitsSettings ?? null;
      // The settings shown already (a double click: the first save applied them): nothing to send.
      if (sameSplits(current, settings)) return EMPTY;
      const previous = { SplitsSettings: current };
      const saved$ = queued(
        ActivityId,
        defer(() =>
          memberCallsFor(() => state$.value, deps).call(memberWearerActivitySplits, {
            ActivityId,
            SplitsSettings: settings,
          }),
        ),
      ).pipe(map((answer) => answer.UpdateSuccess));
      return concat(
        of<Action>(activitySplitsSaved({ ActivityId, SplitsSettings: settings, previous })),
        saveOutcome(saved$, ACTIVITY_RELOAD_AFTER_EDIT_MS, reloadOf(ActivityId), () => [
          activitySplitsSaveFailed({ ActivityId, previous }),
          notify(deps, 'error', SPLITS_FAILED_KEY),
        ]),
      );
    }),
  );
};

/** Whether two splits settings split alike (the fields of the other type do not count). */
function sameSplits(a: SplitsSettings | null, b: SplitsSettings): boolean {
  if (a === null) return false;
  if (a.SplitType === 'DISTANCE_KM')
    return b.SplitType === 'DISTANCE_KM' && a.Distance === b.Distance;
  return b.SplitType === 'TIME_MINUTES' && a.Time === b.Time;
}

import { createAction } from '@reduxjs/toolkit';
import type { ActivitySummary } from '../../api/entities/activity';
import type { SplitsSettings, SplitsSettingsInput } from '../../api/entities/splits';
import type { ActivityType } from '../../api/enums';
import type { ActivityDetailRecord } from './activityDetailRecord';

/*
 * Edit, trim, splits and delete of an activity (spec §4 "Edit, trim and splits cause a local update
 * and a reload about 6 s later. Delete reloads after 1 s"; §7 member-wearer-activity-edit, -trim,
 * -splits, -delete). The screens dispatch the commands (`…Requested`); the edit epics answer with the
 * optimistic event, which carries the values it replaced, and on failure with the matching `…Failed`
 * event, which puts them back. So the action log alone replays both the change and its rollback.
 */

/** Change the activity's type. */
export const activityEditRequested = createAction<{
  ActivityId: number;
  NewActivityType: ActivityType;
}>('activities/activityEditRequested');

/** Trim the activity to `[NewActivityStart, NewActivityEnd]` (epoch ms). */
export const activityTrimRequested = createAction<{
  ActivityId: number;
  NewActivityStart: number;
  NewActivityEnd: number;
}>('activities/activityTrimRequested');

/** Save how the activity's splits are computed (the form's values; parsed before sending). */
export const activitySplitsSaveRequested = createAction<{
  ActivityId: number;
  SplitsSettings: SplitsSettingsInput;
}>('activities/activitySplitsSaveRequested');

/** Delete the activity (cannot be undone once the server confirms it). */
export const activityDeleteRequested = createAction<{ ActivityId: number }>(
  'activities/activityDeleteRequested',
);

/** The type before an edit; null when the activity was not in the store. */
export interface EditPrevious {
  readonly ActivityType: ActivityType | null;
}

/** The bounds before a trim (epoch ms); null when the activity was not in the store. */
export type TrimPrevious = Pick<ActivitySummary, 'TimestampStart' | 'TimestampEnd'> | null;

/** The splits settings before a save (null: never set or not in the store). */
export interface SplitsPrevious {
  readonly SplitsSettings: SplitsSettings | null;
}

/** What a delete removed from the store, to put back should it fail. */
export interface DeletePrevious {
  readonly summary: ActivitySummary | null;
  readonly detail: ActivityDetailRecord | null;
}

/** The type changed locally (optimistic). */
export const activityEdited = createAction<{
  ActivityId: number;
  NewActivityType: ActivityType;
  previous: EditPrevious;
}>('activities/activityEdited');

/** The server refused or never answered an edit: the previous type is back. */
export const activityEditFailed = createAction<{ ActivityId: number; previous: EditPrevious }>(
  'activities/activityEditFailed',
);

/** The bounds changed locally (optimistic; stats are stale until the reload). */
export const activityTrimmed = createAction<{
  ActivityId: number;
  NewActivityStart: number;
  NewActivityEnd: number;
  previous: TrimPrevious;
}>('activities/activityTrimmed');

/** The trim failed: the previous bounds are back. */
export const activityTrimFailed = createAction<{ ActivityId: number; previous: TrimPrevious }>(
  'activities/activityTrimFailed',
);

/** The splits settings changed locally (optimistic). */
export const activitySplitsSaved = createAction<{
  ActivityId: number;
  SplitsSettings: SplitsSettings;
  previous: SplitsPrevious;
}>('activities/activitySplitsSaved');

/** The splits save failed: the previous settings are back. */
export const activitySplitsSaveFailed = createAction<{
  ActivityId: number;
  previous: SplitsPrevious;
}>('activities/activitySplitsSaveFailed');

/** The activity left the store (optimistic delete). */
export const activityDeleted = createAction<{ ActivityId: number; previous: DeletePrevious }>(
  'activities/activityDeleted',
);

/** The delete failed: the summary and detail are back. */
export const activityDeleteFailed = createAction<{ ActivityId: number; previous: DeletePrevious }>(
  'activities/activityDeleteFailed',
);

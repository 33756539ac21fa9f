import type { ActionReducerMapBuilder, EntityAdapter, EntityState } from '@reduxjs/toolkit';
import type { ActivitySummary } from '../../api/entities/activity';
import {
  activityEditFailed,
  activityEdited,
  activityTrimFailed,
  activityTrimmed,
} from './activityEditActions';

/** The fields an edit or a trim changes, shared by activity summaries and details. */
type Editable = Pick<
  ActivitySummary,
  'ActivityId' | 'ActivityType' | 'TimestampStart' | 'TimestampEnd'
>;

/**
 * Adds the optimistic edit of the activity type and the trim of its bounds (app §7
 * member-wearer-activity-edit / -trim), and their roll-backs on failure, to a slice whose entities
 * (keyed by ActivityId through `adapter`) carry those fields: the summaries and the details apply
 * them alike.
 */
export function addActivityEditCases<E extends Editable, S extends EntityState<E, number>>(
  builder: ActionReducerMapBuilder<S>,
  adapter: EntityAdapter<E, number>,
): ActionReducerMapBuilder<S> {
  const change = (state: S, id: number, changes: Partial<Editable>) => {
    adapter.updateOne(state, { id, changes: changes as Partial<E> });
  };
  return builder
    .addCase(activityEdited, (state, { payload }) => {
      change(state as S, payload.ActivityId, { ActivityType: payload.NewActivityType });
    })
    .addCase(activityEditFailed, (state, { payload }) => {
      const type = payload.previous.ActivityType;
      if (type !== null) change(state as S, payload.ActivityId, { ActivityType: type });
    })
    .addCase(activityTrimmed, (state, { payload }) => {
      change(state as S, payload.ActivityId, {
        TimestampStart: payload.NewActivityStart,
        TimestampEnd: payload.NewActivityEnd,
      });
    })
    .addCase(activityTrimFailed, (state, { payload }) => {
      if (payload.previous) change(state as S, payload.ActivityId, payload.previous);
    });
}

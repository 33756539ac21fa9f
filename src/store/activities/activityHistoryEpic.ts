import { filter, map } from 'rxjs';
import type { AppEpic } from '../epic';
import { historyCleared } from '../locationHistory/locationHistorySlice';
import { activityDeleted } from './activityEditActions';
import { activityRemoved } from './activityEvents';

/**
 * An activity that leaves the store (deleted here, or on the server) takes its location history with
 * it: `historyCleared({ ActivityId })` for the location-history slice.
 */
export const activityHistoryClearEpic: AppEpic = (action$) =>
  action$.pipe(
    map((action) =>
      activityRemoved.match(action) || activityDeleted.match(action)
        ? action.payload.ActivityId
        : null,
    ),
    filter((id): id is number => id !== null),
    map((ActivityId) => historyCleared({ ActivityId })),
  );

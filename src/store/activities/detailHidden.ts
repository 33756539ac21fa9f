import type { Action } from '@reduxjs/toolkit';
import { filter, merge, type Observable } from 'rxjs';
import { ofAction } from '../operators/ofAction';
import { loggedOut } from '../session/sessionSlice';
import { activityDetailHidden } from './activityEvents';

/**
 * Emits when the screen showing activity `activityId` stops showing it: `activityDetailHidden` of that
 * id, or logout. For `takeUntil` in the epics that work while a detail page is open (its minute
 * refresh, its messages).
 */
export function detailHidden$(
  action$: Observable<Action>,
  activityId: number,
): Observable<unknown> {
  return merge(
    action$.pipe(
      ofAction(activityDetailHidden),
      filter(({ payload }) => payload.ActivityId === activityId),
    ),
    action$.pipe(ofAction(loggedOut)),
  );
}

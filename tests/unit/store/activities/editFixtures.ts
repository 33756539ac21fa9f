import type { Action } from '@reduxjs/toolkit';
import { filter, map, type Observable } from 'rxjs';
import {
  activityDetailRequested,
  activityDetailsSlice,
} from '../../../../src/store/activities/activityDetailsSlice';
import {
  activityDeleteRequested,
  activityEditRequested,
  activitySplitsSaveRequested,
  activityTrimRequested,
} from '../../../../src/store/activities/activityEditActions';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import {
  activitySummariesLoaded,
  activitySummariesSlice,
} from '../../../../src/store/activities/activitySummariesSlice';
import { notificationShown } from '../../../../src/store/notifications/notificationsSlice';
import { DAY, detail, HOUR, summary, T0 } from './activityTestKit';

/** Activity 1, a hike from START to END (epoch ms) two days before T0. */
export const START = T0 - 2 * DAY;
export const END = START + HOUR;
export const stored = summary(1, START, END);
const [, storedDetail] = detailLoadedActions(detail(1, START, END)).now;

/** Activity 1 cached as a summary (of the last 365 days) and as a detail. */
export const state = {
  activitySummaries: activitySummariesSlice.reducer(
    undefined,
    activitySummariesLoaded({
      fetched: [{ fromMs: T0 - 365 * DAY, toMs: T0 }],
      Activities: [stored],
    }),
  ),
  activityDetails: activityDetailsSlice.reducer(undefined, storedDetail),
};

/** The forced reload of activity 1. */
export const reload = activityDetailRequested({ ActivityId: 1, force: true });

/** The store's actions other than the commands a test dispatches; notices as `notice:<key>`. */
export function outcomes(actions$: Observable<Action>): Observable<Action | string> {
  return actions$.pipe(
    filter(
      (a) =>
        !activityEditRequested.match(a) &&
        !activityTrimRequested.match(a) &&
        !activitySplitsSaveRequested.match(a) &&
        !activityDeleteRequested.match(a),
    ),
    map((a) => (notificationShown.match(a) ? `notice:${a.payload.key}` : a)),
  );
}

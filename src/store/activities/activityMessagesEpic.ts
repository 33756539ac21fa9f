import {
  auditTime,
  catchError,
  EMPTY,
  filter,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
} from 'rxjs';
import { memberWearerActivityMessages } from '../../api/calls/memberIntegrationActivities';
import type { AppEpic } from '../epic';
import { ofAction } from '../operators/ofAction';
import { socketVerified } from '../realtime/realtimeSlice';
import { MESSAGE_THREAD_RELOAD_AUDIT_MS } from '../timing';
import { activityDetailShown } from './activityEvents';
import { detailHidden$ } from './detailHidden';
import { memberCallsFor } from './memberCalls';
import { messageThreadReceived, messageThreadRefreshRequested } from './messageThreadsSlice';

/**
 * The messages of the activity the member's detail page shows (docs/activities.md "Messages"): from
 * `activityDetailShown` until `activityDetailHidden` of the same id (or logout), the thread is loaded
 * at once (member-wearer-activity-messages) and again when its messages change
 * (`messageThreadRefreshRequested` for the activity, from MessageThread and MessageWearer
 * EntityChanges) or the member's socket is verified again after a reconnection (changes pushed while
 * it was down were missed), at most once per {@link MESSAGE_THREAD_RELOAD_AUDIT_MS}; a newer load replaces one
 * in flight. A thread goes to the messageThreads slice (`messageThreadReceived`); no thread (nobody
 * wrote) dispatches nothing. A failed load keeps what was shown; the next change or the next opening
 * of the page loads again.
 */
export const activityMessagesEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activityDetailShown),
    mergeMap(({ payload: { ActivityId } }) =>
      merge(
        of(null),
        merge(
          action$.pipe(
            ofAction(messageThreadRefreshRequested),
            filter(({ payload }) => payload.ActivityId === ActivityId),
          ),
          // The member's socket (re)connected: changes pushed while it was down were missed.
          action$.pipe(
            ofAction(socketVerified),
            filter(({ payload }) => payload.success && payload.socketKey === undefined),
          ),
        ).pipe(auditTime(MESSAGE_THREAD_RELOAD_AUDIT_MS)),
      ).pipe(
        switchMap(() =>
          memberCallsFor(() => state$.value, deps)
            .call(memberWearerActivityMessages, { ActivityId })
            .pipe(
              mergeMap(({ MessageThread }) =>
                MessageThread ? of(messageThreadReceived(MessageThread)) : EMPTY,
              ),
              catchError(() => EMPTY),
            ),
        ),
        takeUntil(detailHidden$(action$, ActivityId)),
      ),
    ),
  );

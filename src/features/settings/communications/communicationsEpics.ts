import type { Action } from '@reduxjs/toolkit';
import { catchError, concatMap, defer, exhaustMap, from, of, type Observable } from 'rxjs';
import { memberWearerUpdateCommunicationOptions } from '../../../api/calls/memberIntegrationWearer';
import type { AppEpic } from '../../../store/epic';
import { selectWearer, wearerRequested } from '../../../store/entities/wearerSlice';
import { notify } from '../../../store/notifications/notify';
import { memberApiFor } from '../../../store/session/services';
import { errorDetail, REFUSED_KEY, type ErrorDetail } from '../../../store/failureDetail';
import {
  communicationsSaved,
  communicationsSaveRequested,
  settingsSaveFailed,
} from '../settingsSlice';
import { ofAction } from '../../../store/operators/ofAction';

/** The spec's message for a failed save (spec §8 'Set Member communications Error', with detail). */
export const SET_COMMUNICATIONS_ERROR = 'Settings.Errors.SetCommunicationsError';

const failedWith = (detail: ErrorDetail) =>
  settingsSaveFailed({
    form: 'communications',
    error: { key: SET_COMMUNICATIONS_ERROR, ...detail },
  });

/**
 * The marketing opt-in time to send (spec §3 MarketingOptInTimestamp, epoch ms): unchanged when the
 * switch still says what the wearer's record says, `now` when it was switched on, null when off.
 */
export function marketingOptInTimestamp(
  current: number | null,
  optedIn: boolean,
  now: number,
): number | null {
  if (optedIn === (current !== null)) return current;
  return optedIn ? now : null;
}

/**
 * Saving the communication settings (spec §7 `POST member-wearer-update-communication-options`): the
 * nine options and the marketing opt-in time (see {@link marketingOptInTimestamp}, clock `deps.now`).
 * Success (`Success: true`): `communicationsSaved`, the wearer reloaded and a notice. A failure, or
 * `Success: false`, shows 'Set Member communications Error' with the detail. Repeated submits are
 * absorbed (exhaustMap).
 */
export const communicationsSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(communicationsSaveRequested),
    exhaustMap(({ payload }): Observable<Action> => {
      const current = selectWearer(state$.value)?.MarketingOptInTimestamp ?? null;
      const request = {
        CommunicationOptions: payload.options,
        MarketingOptInTimestamp: marketingOptInTimestamp(current, payload.marketing, deps.now()),
      };
      return defer(() =>
        from(
          memberApiFor(() => state$.value, deps).call(
            memberWearerUpdateCommunicationOptions,
            request,
          ),
        ),
      ).pipe(
        concatMap((answer): Action[] =>
          answer.Success
            ? [
                communicationsSaved(),
                wearerRequested(),
                notify(deps, 'success', 'Settings.Communications.Saved'),
              ]
            : [failedWith({ detailKey: REFUSED_KEY })],
        ),
        catchError((error: unknown) => of(failedWith(errorDetail(error)))),
      );
    }),
  );

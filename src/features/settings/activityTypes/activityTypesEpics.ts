import {
  catchError,
  concat,
  defer,
  EMPTY,
  concatMap,
  exhaustMap,
  from,
  of,
  type Observable,
} from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import { saveActivityTypes } from '../../../api/calls/memberIntegrationWearer';
import { FavouriteActivityTypes } from '../../../api/validation';
import type { AppEpic } from '../../../store/epic';
import { wearerReceived } from '../../../store/entities/wearerSlice';
import { notify } from '../../../store/notifications/notify';
import { memberApiFor } from '../../../store/session/services';
import { errorDetail, type ErrorDetail } from '../../../store/failureDetail';
import {
  activityTypesSaved,
  activityTypesSaveRequested,
  settingsSaveFailed,
} from '../settingsSlice';
import { ofAction } from '../../../store/operators/ofAction';

const failed = (
  key: string,
  extra: Partial<ErrorDetail> & { params?: Record<string, number> } = {},
) => settingsSaveFailed({ form: 'activityTypes', error: { key, ...extra } });

/**
 * Saving the favourite activity types (spec §7 `POST activity-types`, policy §5 "at least 1, at most
 * 9"): the list is checked with the contract's rule first (a bad list is never sent; the message is the
 * rule's `Validations.FavouritesMin`/`FavouritesMax`), then sent; the answer is the wearer, stored with
 * `wearerReceived`. A success notice says the watch picks the change up within an hour (policy §9).
 * With `next` (the registration step) the app then goes there. Repeated submits are absorbed
 * (exhaustMap). A failure shows `Settings.Errors.SaveActivityTypesError` with the detail.
 */
export const activityTypesSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(activityTypesSaveRequested),
    exhaustMap(({ payload }): Observable<Action> => {
      const checked = FavouriteActivityTypes.safeParse(payload.types);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        const params = issue && 'params' in issue ? (issue.params as Record<string, number>) : {};
        return of(failed(issue?.message ?? 'Validations.InvalidValues', { params }));
      }
      return defer(() =>
        from(
          memberApiFor(() => state$.value, deps).call(saveActivityTypes, {
            ActivityTypes: [...payload.types],
          }),
        ),
      ).pipe(
        concatMap((wearer) =>
          concat(
            of(
              wearerReceived(wearer),
              activityTypesSaved(),
              notify(deps, 'success', 'Settings.Favourites.Saved'),
            ),
            defer(() => {
              if (payload.next) deps.navigator.navigate(payload.next);
              return EMPTY;
            }),
          ),
        ),
        catchError((error: unknown) =>
          of(failed('Settings.Errors.SaveActivityTypesError', errorDetail(error))),
        ),
      );
    }),
  );

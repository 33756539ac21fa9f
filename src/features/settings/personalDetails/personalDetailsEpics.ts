import type { Action } from '@reduxjs/toolkit';
import { catchError, concatMap, defer, endWith, exhaustMap, from, of, type Observable } from 'rxjs';
import { memberWearerUpdate } from '../../../api/calls/memberIntegrationWearer';
import { dateOfBirthSchema } from '../../../api/validation';
import type { AppEpic } from '../../../store/epic';
import { selectWearer, wearerRequested } from '../../../store/entities/wearerSlice';
import { notify } from '../../../store/notifications/notify';
import { identityClientFor, memberApiFor } from '../../../store/session/services';
import { selectIdentity, selectMember } from '../../../store/session/sessionSlice';
import { refreshAfterChange } from '../../../store/session/refreshAfterChange';
import { errorDetail, type ErrorDetail } from '../../../store/failureDetail';
import {
  personalDetailsSaved,
  personalDetailsSaveRequested,
  settingsSaveFailed,
  type SaveError,
} from '../settingsSlice';
import { ofAction } from '../../../store/operators/ofAction';

const failed = (error: SaveError) => settingsSaveFailed({ form: 'personalDetails', error });
const failedWith = (detail: ErrorDetail) =>
  failed({ key: 'Settings.Errors.SetPersonalDetailsError', ...detail });

/**
 * Saving the personal details (spec §7 `POST member-wearer-update`, §5 rules, §4 "Phone change").
 * 1. The minimum age of 16 is checked on the store's clock (`deps.now`); too young fails on the date
 *    field (`Validations.MinimumAge`) and nothing is sent.
 * 2. The identity's attributes are updated first — the names, `birthdate` (`YYYY-MM-DD`) and `gender`
 *    always (the member record follows the identity at each member-token login), `phone_number` only
 *    when it differs (the identity service then marks it unverified and texts a code) — and the session
 *    refreshed ({@link refreshAfterChange}: a failed refresh is left to the token-refresh epic and does
 *    not fail the save).
 * 3. member-wearer-update with the member's current e-mail and the wearer's unchanged terms and
 *    marketing times; an `Error` in the answer is a failure with that detail.
 * 4. Success: `personalDetailsSaved`, the wearer reloaded (`wearerRequested`) and the notice
 *    'Personal details updated' (spec §8). The refresh's action (`identityRefreshed`) comes last, so after a phone change the
 *    login gate sends the member to verify-phone-number (it is dispatched even when step 3 fails, as the
 *    identity has changed by then).
 * Failures show `Settings.Errors.SetPersonalDetailsError` with the detail. Repeated submits are absorbed.
 */
export const personalDetailsSaveEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(personalDetailsSaveRequested),
    exhaustMap(({ payload }): Observable<Action> => {
      const wearer = selectWearer(state$.value);
      const member = selectMember(state$.value);
      if (!wearer || !member) return of(failed({ key: 'Settings.Errors.WearerLoadFailed' }));
      const age = dateOfBirthSchema(() => new Date(deps.now())).safeParse(payload.dateOfBirth);
      if (!age.success) {
        const issue = age.error.issues[0];
        const params = issue && 'params' in issue ? (issue.params as Record<string, number>) : {};
        return of(
          failed({
            key: issue?.message ?? 'Validations.DateInvalid',
            params,
            field: 'dateOfBirth',
          }),
        );
      }
      const currentPhone = selectIdentity(state$.value)?.phoneNumber ?? wearer.PhoneNumber;
      const phoneChanged = payload.phone !== currentPhone;
      const attributes: Record<string, string> = {
        given_name: payload.nameFirst,
        family_name: payload.nameLast,
        birthdate: payload.dateOfBirth.replaceAll('/', '-'),
        gender: payload.sex.toLowerCase(),
        ...(phoneChanged ? { phone_number: payload.phone } : {}),
      };
      const refreshed$: Observable<Action> = defer(() => {
        const identity = identityClientFor(state$.value, deps);
        return from(identity.updateAttributes(attributes)).pipe(
          concatMap(() => refreshAfterChange(identity)),
        );
      });
      const request = {
        DateOfBirth: payload.dateOfBirth,
        EmailAddress: member.Email,
        LanguageCode: payload.language,
        MarketingOptInTimestamp: wearer.MarketingOptInTimestamp,
        NameFirst: payload.nameFirst,
        NameLast: payload.nameLast,
        PhoneNumber: payload.phone,
        Sex: payload.sex,
        // Terms accepted at login (LoginEula) reach the session's member, not the wearer loaded
        // before: the later of the two is the member's acceptance.
        TermsAcceptedTimestamp: laterOf(
          member.TermsAcceptedTimestamp,
          wearer.TermsAcceptedTimestamp,
        ),
      };
      return refreshed$.pipe(
        concatMap((refreshed) =>
          defer(() =>
            from(memberApiFor(() => state$.value, deps).call(memberWearerUpdate, request)),
          ).pipe(
            concatMap((answer): Action[] =>
              answer.Error
                ? // The server's own text is English: the refusal is shown translated.
                  [failedWith({ detailKey: 'Common.FailureDetail.Refused' })]
                : [
                    personalDetailsSaved({ phoneChanged }),
                    wearerRequested(),
                    notify(deps, 'success', 'Settings.PersonalDetailsUpdated'),
                  ],
            ),
            catchError((error: unknown) => of(failedWith(errorDetail(error)))),
            endWith(refreshed),
          ),
        ),
        catchError((error: unknown) => of(failedWith(errorDetail(error)))),
      );
    }),
  );

/** The later of two times (epoch ms), either of which may be unknown (null). */
function laterOf(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  return b === null ? a : Math.max(a, b);
}

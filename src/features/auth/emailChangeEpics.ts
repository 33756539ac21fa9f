import { catchError, concatMap, defer, from, map, of, exhaustMap } from 'rxjs';
import { changeEmailStep1, changeEmailStep2, signupCheckEmail } from '../../api/calls/authHost';
import { CallFailedError, HttpError } from '../../api/client/apiErrors';
import type { AppEpic } from '../../store/epic';
import { authHostClientFor, identityClientFor } from '../../store/session/services';
import { refreshAfterChange } from '../../store/session/refreshAfterChange';
import {
  emailChangeCodeRequested,
  emailChangeCodeSent,
  emailChangeConfirmRequested,
  emailChanged,
  emailChangeFailed,
} from './emailChangeSlice';
import { ofAction } from '../../store/operators/ofAction';

const NOT_AVAILABLE = 'Auth.Errors.UpdateEmailNotAvailable';

/** Email.Errors.UpdateEmail_{ErrorCode or Other} (spec §8) for a step-2 failure. */
export function emailChangeErrorKey(error: unknown): string {
  if (
    error instanceof CallFailedError &&
    (error.code === 'CODE_EXPIRED' || error.code === 'CODE_INVALID')
  ) {
    return `Email.Errors.UpdateEmail_${error.code}`;
  }
  if (error instanceof HttpError && error.code === 'RATE_LIMITED')
    return 'Auth.Errors.AuthFailureLimitExceeded';
  return 'Email.Errors.UpdateEmail_Other';
}

/**
 * Step 1: the new address must be free (spec §5 "Email availability is checked … before an email
 * change"; taken → Auth.Errors.UpdateEmailNotAvailable), then the auth host sends it a code.
 */
export const emailChangeCodeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(emailChangeCodeRequested),
    exhaustMap(({ payload }) => {
      const authHost = authHostClientFor(() => state$.value, deps);
      return defer(() =>
        from(authHost.call(signupCheckEmail, { EmailAddress: payload.newEmail })),
      ).pipe(
        concatMap((check) =>
          check.EmailFound && check.UserVerified && !check.Deleted
            ? of(emailChangeFailed({ errorKey: NOT_AVAILABLE, step: 'enterEmail' }))
            : from(authHost.call(changeEmailStep1, { NewEmailAddress: payload.newEmail })).pipe(
                map((answer) =>
                  answer.Success
                    ? emailChangeCodeSent()
                    : emailChangeFailed({ errorKey: NOT_AVAILABLE, step: 'enterEmail' }),
                ),
              ),
        ),
        catchError((error: unknown) =>
          of(emailChangeFailed({ errorKey: emailChangeErrorKey(error), step: 'enterEmail' })),
        ),
      );
    }),
  );

/**
 * Step 2: the code; on success the session is refreshed so the ID token carries the new address, which
 * also renews the member (spec §4 "the email is updated in the session and the wearer record").
 */
export const emailChangeConfirmEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(emailChangeConfirmRequested),
    exhaustMap(({ payload }) => {
      const newEmail = state$.value.emailChange?.newEmail ?? '';
      return defer(() =>
        from(
          authHostClientFor(() => state$.value, deps).call(changeEmailStep2, {
            NewEmailAddress: newEmail,
            VerificationCode: payload.code,
          }),
        ),
      ).pipe(
        concatMap((answer) => {
          if (!answer.Success)
            return of(emailChangeFailed({ errorKey: NOT_AVAILABLE, step: 'enterEmail' }));
          return refreshAfterChange(identityClientFor(state$.value, deps)).pipe(
            concatMap((refreshed) => [refreshed, emailChanged()]),
          );
        }),
        catchError((error: unknown) =>
          of(emailChangeFailed({ errorKey: emailChangeErrorKey(error), step: 'enterCode' })),
        ),
      );
    }),
  );

export const emailChangeEpics: AppEpic[] = [emailChangeCodeEpic, emailChangeConfirmEpic];

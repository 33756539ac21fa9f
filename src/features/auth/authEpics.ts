import { catchError, concatMap, defer, from, map, mergeMap, of, exhaustMap, timer } from 'rxjs';
import { signupCheckEmail } from '../../api/calls/authHost';
import { authFailureOf } from '../../store/session/authFailure';
import type { AppEpic } from '../../store/epic';
import { authHostClientFor, identityClientFor } from '../../store/session/services';
import { signInRequested } from '../../store/session/sessionSlice';
import { DELETED_ACCOUNT_WAIT_MS, EMAIL_CONFIRMATION_WAIT_MS } from '../../store/timing';
import { isSuppressed } from './authErrors';
import {
  accountCreated,
  accountCreationFailed,
  accountCreationRequested,
  emailConfirmationFailed,
  emailConfirmationRequested,
  emailConfirmed,
  signUpCodeResendFailed,
  signUpCodeResendRequested,
  signUpCodeResent,
} from './authSlice';
import { rememberCredentials, takeCredentials } from './pendingCredentials';
import { ofAction } from '../../store/operators/ofAction';

/**
 * Create account (spec §4 sign-up order, §5 "Email availability is checked before sign-up"): the
 * e-mail must be free (not found, or found but never verified); a deleted account waits 3 s; then
 * sign-up (which replaces an unconfirmed sign-up of the same address), and on to verify-email-address.
 */
export const createAccountEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(accountCreationRequested),
    exhaustMap(({ payload }) =>
      // Inside defer: a client that cannot be made (no identity service configured) fails this
      // attempt, not the epic, which would end every epic of the store with it.
      defer(() => {
        const identity = identityClientFor(state$.value, deps);
        const check$ = from(
          authHostClientFor(() => state$.value, deps).call(signupCheckEmail, {
            EmailAddress: payload.email.trim(),
          }),
        );
        return check$.pipe(
          concatMap((answer) => {
            if (answer.EmailFound && answer.UserVerified && !answer.Deleted) {
              return of(
                accountCreationFailed({ code: 'EmailNotAvailable', message: payload.email }),
              );
            }
            const wait$ = answer.Deleted ? timer(DELETED_ACCOUNT_WAIT_MS) : of(0);
            return wait$.pipe(
              concatMap(() => from(identity.signUp(payload))),
              map(() => {
                rememberCredentials(deps, payload.email, payload.password.trim());
                deps.navigator.navigate('/auth/verify-email-address');
                return accountCreated({ email: payload.email.trim() });
              }),
            );
          }),
        );
      }).pipe(catchError((error: unknown) => of(accountCreationFailed(authFailureOf(error))))),
    ),
  );

/**
 * Confirm the e-mail code, then wait 1 s (spec §9). Confirming an already confirmed account counts as
 * done (its notice is suppressed, §8).
 */
export const confirmEmailEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(emailConfirmationRequested),
    exhaustMap(({ payload }) =>
      defer(() =>
        from(identityClientFor(state$.value, deps).confirmSignUp(payload.email, payload.code)),
      ).pipe(
        catchError((error: unknown) => {
          if (isSuppressed(authFailureOf(error))) return of(undefined);
          throw error;
        }),
        concatMap(() => timer(EMAIL_CONFIRMATION_WAIT_MS)),
        map(() => emailConfirmed({ email: payload.email })),
        catchError((error: unknown) => of(emailConfirmationFailed(authFailureOf(error)))),
      ),
    ),
  );

/**
 * After the e-mail is confirmed: the automatic sign-in of the sign-up order, then phone verification,
 * when this browser created the account (spec §4; `registration=1` continues the sign-up order after
 * the phone); otherwise the login screen with the "email verified" notice.
 */
export const afterEmailConfirmedEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(emailConfirmed),
    mergeMap(({ payload }) => {
      const credentials = takeCredentials(deps, payload.email);
      if (credentials) {
        deps.navigator.navigate('/auth/verify-phone-number?registration=1', { replace: true });
        return of(signInRequested(credentials));
      }
      deps.navigator.navigate('/auth/login?notice=EmailVerified', { replace: true });
      return [];
    }),
  );

/** Sends the sign-up code again. */
export const resendCodeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(signUpCodeResendRequested),
    exhaustMap(({ payload }) =>
      defer(() => from(identityClientFor(state$.value, deps).resendSignUpCode(payload.email))).pipe(
        map(() => signUpCodeResent()),
        catchError((error: unknown) => of(signUpCodeResendFailed(authFailureOf(error)))),
      ),
    ),
  );

/** The auth feature's epics. */
export const authEpics: AppEpic[] = [
  createAccountEpic,
  confirmEmailEpic,
  afterEmailConfirmedEpic,
  resendCodeEpic,
];

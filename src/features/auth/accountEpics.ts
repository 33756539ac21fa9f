import { catchError, concatMap, defer, from, map, of, exhaustMap, type Observable } from 'rxjs';
import type { Action } from '@reduxjs/toolkit';
import type { VerifiableAttribute } from '../../api/identity';
import { authFailureOf } from '../../store/session/authFailure';
import type { AppEpic } from '../../store/epic';
import { identityClientFor } from '../../store/session/services';
import { refreshAfterChange } from '../../store/session/refreshAfterChange';
import {
  accountFlowFailed,
  passwordChanged,
  passwordChangeRequested,
  passwordResetCodeRequested,
  passwordResetCodeSent,
  passwordResetDone,
  passwordResetRequested,
  phoneCodeRequested,
  phoneCodeSent,
  phoneVerificationRequested,
  phoneVerified,
  emailAttributeCodeRequested,
  emailAttributeCodeSent,
  emailAttributeVerificationRequested,
  emailAttributeVerified,
} from './accountSlice';
import { ofAction } from '../../store/operators/ofAction';

type Flow = Parameters<typeof accountFlowFailed>[0]['flow'];

const failedIn = (flow: Flow) => (error: unknown) => {
  return of(accountFlowFailed({ flow, error: authFailureOf(error) }));
};

/** Forgot password, step 1: the identity service e-mails a reset code (valid 1 h). */
export const passwordResetCodeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(passwordResetCodeRequested),
    exhaustMap(({ payload }) =>
      defer(() => from(identityClientFor(state$.value, deps).forgotPassword(payload.email))).pipe(
        map(() => passwordResetCodeSent()),
        catchError(failedIn('forgotPassword')),
      ),
    ),
  );

/** Forgot password, step 2: code and new password; then the login screen says it is reset (§8). */
export const passwordResetEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(passwordResetRequested),
    exhaustMap(({ payload }) =>
      defer(() =>
        from(
          identityClientFor(state$.value, deps).confirmForgotPassword(
            payload.email,
            payload.code,
            payload.password,
          ),
        ),
      ).pipe(
        map(() => {
          deps.navigator.navigate('/auth/login?notice=PasswordReset', { replace: true });
          return passwordResetDone();
        }),
        catchError(failedIn('resetPassword')),
      ),
    ),
  );

/** member/password: change the password of the signed-in member. */
export const passwordChangeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(passwordChangeRequested),
    exhaustMap(({ payload }) =>
      defer(() =>
        from(
          identityClientFor(state$.value, deps).changePassword(payload.current, payload.password),
        ),
      ).pipe(
        map(() => passwordChanged()),
        catchError(failedIn('changePassword')),
      ),
    ),
  );

/**
 * verify-phone-number, step 1: saving the phone number makes the identity service text a code to it
 * (and marks the phone unverified until then, spec §4 "Phone change").
 */
export const phoneCodeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(phoneCodeRequested),
    exhaustMap(({ payload }) =>
      defer(() =>
        from(
          identityClientFor(state$.value, deps).updateAttributes({
            phone_number: payload.phoneNumber,
          }),
        ),
      ).pipe(
        map(() => phoneCodeSent()),
        catchError(failedIn('phoneCode')),
      ),
    ),
  );

/**
 * Verifies `code` for `attribute`, then refreshes the session so the ID token says it is verified: one
 * action of {@link refreshAfterChange} (the refresh failing does not make the verification a failure).
 * The identity client is made inside `defer`, so failing to make one (no identity service configured)
 * fails this attempt as an error of the stream, not the epic that runs it.
 */
function verifyThenRefresh(
  state: Parameters<typeof identityClientFor>[0],
  deps: Parameters<typeof identityClientFor>[1],
  attribute: VerifiableAttribute,
  code: string,
): Observable<Action> {
  return defer(() => {
    const identity = identityClientFor(state, deps);
    return from(identity.verifyAttribute(attribute, code)).pipe(
      concatMap(() => refreshAfterChange(identity)),
    );
  });
}

/**
 * verify-phone-number, step 2: the code; then the session is refreshed so the ID token says the phone
 * is verified, which starts a new member-token login (spec §4 "A member-token login follows … any user
 * change").
 */
export const phoneVerifyEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(phoneVerificationRequested),
    exhaustMap(({ payload }) =>
      verifyThenRefresh(state$.value, deps, 'phone_number', payload.code).pipe(
        concatMap((refreshed) => [refreshed, phoneVerified()]),
        catchError(failedIn('phoneVerify')),
      ),
    ),
  );

/** Gating step 2: send the code to the identity's e-mail (spec §4 "a verification code is sent"). */
export const emailAttributeCodeEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(emailAttributeCodeRequested),
    exhaustMap(() =>
      defer(() => from(identityClientFor(state$.value, deps).sendAttributeCode('email'))).pipe(
        map(() => emailAttributeCodeSent()),
        catchError(failedIn('emailAttributeCode')),
      ),
    ),
  );

/** Gating step 2: verify the code, then refresh the session so the ID token says so. */
export const emailAttributeVerifyEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(emailAttributeVerificationRequested),
    exhaustMap(({ payload }) =>
      verifyThenRefresh(state$.value, deps, 'email', payload.code).pipe(
        concatMap((refreshed) => [refreshed, emailAttributeVerified()]),
        catchError(failedIn('emailAttributeVerify')),
      ),
    ),
  );

export const accountEpics: AppEpic[] = [
  emailAttributeCodeEpic,
  emailAttributeVerifyEpic,
  passwordResetCodeEpic,
  passwordResetEpic,
  passwordChangeEpic,
  phoneCodeEpic,
  phoneVerifyEpic,
];

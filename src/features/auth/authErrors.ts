import type { AuthFailure } from '../../store/session/sessionSlice';
import { ErrorCode } from '../../api/errors';
import { SERVICE_UNAVAILABLE } from '../../store/session/authFailure';

/** The translated refusal of Lifeline's API (locales/en/Common.json). */
const REFUSED_KEY = 'Common.FailureDetail.Refused';

/** Actions an auth error offers (spec application-behaviour §8 "Login and account"). */
export type AuthErrorAction = 'forgotPassword' | 'createAccount' | 'login' | 'contactSupport';

/**
 * How the UI shows an identity failure: a translation `key` (or the service's `raw` message when the
 * catalogue has none), the actions offered with it, and a screen to go to instead.
 */
export interface AuthErrorView {
  readonly key: string | null;
  readonly raw: string | null;
  readonly actions: readonly AuthErrorAction[];
  readonly redirect?: 'createAccount';
}

/** Messages the spec suppresses (§8): confirming an already confirmed user, verifying again. */
const SUPPRESSED = ['User cannot be confirmed. Current status is CONFIRMED', 'Already Verified'];

/** True for a failure the UI must not show (spec §8 "suppressed notifications"). */
export function isSuppressed(failure: AuthFailure): boolean {
  return SUPPRESSED.some((text) => failure.message.includes(text));
}

const view = (key: string, actions: AuthErrorAction[] = []): AuthErrorView => ({
  key,
  raw: null,
  actions,
});

/**
 * The login error catalogue of spec §8: LimitExceededException (and Cognito's lockout, "Password
 * attempts exceeded") → AuthFailureLimitExceeded; NotAuthorizedException → with a forgot-password
 * action; UserNotFoundException → with a create-account action; UserNotConfirmedException → go to
 * create-account with AccountNotVerifiedRestart; CodeMismatchException; InvalidPasswordException →
 * Validations.PasswordNotComplex (policy §5 "not complex enough"); anything else → the raw message.
 * Failures of the transport (src/store/session/authFailure.ts) are translated: NetworkError (no
 * answer, a timeout) and ServiceUnavailable (a 5xx or an unreadable answer).
 */
export function loginErrorView(failure: AuthFailure): AuthErrorView {
  switch (failure.code) {
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return view('Auth.Errors.AuthFailureLimitExceeded');
    case 'NotAuthorizedException':
      return failure.message.includes('Password attempts exceeded')
        ? view('Auth.Errors.AuthFailureLimitExceeded', ['forgotPassword'])
        : view('Auth.Errors.NotAuthorizedException', ['forgotPassword']);
    case 'UserNotFoundException':
      return view('Auth.Errors.UserNotFoundException', ['createAccount']);
    case 'UserNotConfirmedException':
      return { ...view('Auth.Errors.AccountNotVerifiedRestart'), redirect: 'createAccount' };
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return view('Auth.Errors.CodeMismatchException');
    case 'InvalidPasswordException':
      // Policy §5: a password breaking a rule is 'not complex enough' — the forms check the rules
      // first, so this is mostly the one they cannot: the name or e-mail on a reset or change.
      return view('Validations.PasswordNotComplex');
    case 'NetworkError':
      return view('Auth.Errors.NetworkError');
    case SERVICE_UNAVAILABLE:
      return view('Auth.Errors.ServiceUnavailable');
    default:
      // A refusal of Lifeline's own API (signup-check-email …) carries its call name and the
      // server's English: shown as the translated refusal, never verbatim.
      if (ErrorCode.safeParse(failure.code).success) return view(REFUSED_KEY);
      return { key: null, raw: failure.message, actions: [] };
  }
}

/** Change password (spec §8): a wrong current password is CurrentPasswordInvalid with forgot-password. */
export function changePasswordErrorView(failure: AuthFailure): AuthErrorView {
  if (failure.code === 'NotAuthorizedException' && !failure.message.includes('attempts')) {
    return view('Auth.Errors.CurrentPasswordInvalid', ['forgotPassword']);
  }
  return loginErrorView(failure);
}

/** An e-mail that is already registered (spec §8): log in, reset the password or contact support. */
export const EMAIL_NOT_AVAILABLE: AuthErrorView = view('Auth.Errors.EmailNotAvailable', [
  'login',
  'forgotPassword',
  'contactSupport',
]);

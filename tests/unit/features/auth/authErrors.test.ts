import { describe, expect, it } from 'vitest';
import {
  changePasswordErrorView,
  isSuppressed,
  loginErrorView,
} from '../../../../src/features/auth/authErrors';

describe('the login error catalogue (spec §8)', () => {
  it.each([
    [
      'LimitExceededException',
      'Attempt limit exceeded',
      'Auth.Errors.AuthFailureLimitExceeded',
      [],
    ],
    [
      'NotAuthorizedException',
      'Incorrect username or password.',
      'Auth.Errors.NotAuthorizedException',
      ['forgotPassword'],
    ],
    [
      'NotAuthorizedException',
      'Password attempts exceeded',
      'Auth.Errors.AuthFailureLimitExceeded',
      ['forgotPassword'],
    ],
    [
      'UserNotFoundException',
      'User does not exist.',
      'Auth.Errors.UserNotFoundException',
      ['createAccount'],
    ],
    [
      'CodeMismatchException',
      'Invalid verification code provided',
      'Auth.Errors.CodeMismatchException',
      [],
    ],
    [
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
      'Auth.Errors.CodeMismatchException',
      [],
    ],
  ])('%s (%s) → %s', (code, message, key, actions) => {
    expect(loginErrorView({ code, message })).toEqual({ key, raw: null, actions });
  });

  it('sends an unconfirmed account to create-account with AccountNotVerifiedRestart', () => {
    expect(
      loginErrorView({ code: 'UserNotConfirmedException', message: 'User is not confirmed.' }),
    ).toEqual({
      key: 'Auth.Errors.AccountNotVerifiedRestart',
      raw: null,
      actions: [],
      redirect: 'createAccount',
    });
  });

  it('shows a refusal of Lifeline’s own API translated, never its call name and English', () => {
    expect(
      loginErrorView({
        code: 'REQUEST_INVALID',
        message: 'signup-check-email: HTTP 400 REQUEST_INVALID: EmailAddress: invalid',
      }),
    ).toEqual({ key: 'Common.FailureDetail.Refused', raw: null, actions: [] });
  });

  it('shows any other error of the identity service raw', () => {
    expect(
      loginErrorView({
        code: 'InvalidParameterException',
        message: 'Username should be an email.',
      }),
    ).toEqual({ key: null, raw: 'Username should be an email.', actions: [] });
  });

  it('says a password the service refuses is not complex enough (policy §5), in the UI language', () => {
    const refused = {
      code: 'InvalidPasswordException',
      message:
        'Password did not conform with policy: Password must not contain the name or the e-mail address',
    };
    for (const errorView of [loginErrorView(refused), changePasswordErrorView(refused)]) {
      expect(errorView).toEqual({ key: 'Validations.PasswordNotComplex', raw: null, actions: [] });
    }
  });

  it.each([
    ['NetworkError', 'Auth.Errors.NetworkError'],
    ['ServiceUnavailable', 'Auth.Errors.ServiceUnavailable'],
    ['TooManyRequestsException', 'Auth.Errors.AuthFailureLimitExceeded'],
  ])('translates the transport failure %s as %s', (code, key) => {
    expect(loginErrorView({ code, message: 'signup-check-email: HTTP 503' })).toEqual({
      key,
      raw: null,
      actions: [],
    });
  });

  it('calls a wrong current password CurrentPasswordInvalid with forgot-password', () => {
    expect(
      changePasswordErrorView({
        code: 'NotAuthorizedException',
        message: 'Incorrect username or password.',
      }),
    ).toEqual({
      key: 'Auth.Errors.CurrentPasswordInvalid',
      raw: null,
      actions: ['forgotPassword'],
    });
  });

  it.each([
    ['User cannot be confirmed. Current status is CONFIRMED', true],
    ['Already Verified', true],
    ['Incorrect username or password.', false],
  ])('suppresses "%s": %s', (message, suppressed) => {
    expect(isSuppressed({ code: 'NotAuthorizedException', message })).toBe(suppressed);
  });
});

import { describe, expect, it } from 'vitest';
import { CallFailedError, HttpError, NetworkError } from '../../../../src/api/client/apiErrors';
import { emailChangeErrorKey } from '../../../../src/features/auth/emailChangeEpics';

describe('Email.Errors.UpdateEmail_{ErrorCode or Other} (spec §8)', () => {
  it.each([
    [
      new CallFailedError('change-email-step-2', 'CODE_EXPIRED', ''),
      'Email.Errors.UpdateEmail_CODE_EXPIRED',
    ],
    [
      new CallFailedError('change-email-step-2', 'CODE_INVALID', ''),
      'Email.Errors.UpdateEmail_CODE_INVALID',
    ],
    [new CallFailedError('change-email-step-2', 'UNKNOWN', ''), 'Email.Errors.UpdateEmail_Other'],
    [
      new HttpError('change-email-step-2', 429, 'RATE_LIMITED', 'slow down'),
      'Auth.Errors.AuthFailureLimitExceeded',
    ],
    [
      new NetworkError('change-email-step-2', new Error('offline')),
      'Email.Errors.UpdateEmail_Other',
    ],
  ])('%s → %s', (error, key) => {
    expect(emailChangeErrorKey(error)).toBe(key);
  });
});

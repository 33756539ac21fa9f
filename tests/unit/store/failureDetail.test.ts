import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../src/api/client/apiErrors';
import { IdentityError } from '../../../src/api/identity';
import { errorDetail } from '../../../src/store/failureDetail';

describe('the detail of a failed settings save (src/store/failureDetail.ts)', () => {
  it.each([
    [
      'no answer',
      new NetworkError('member-wearer-update', new TypeError('Failed to fetch')),
      { detailKey: 'Settings.Errors.DetailNetwork' },
    ],
    [
      'the identity service unreachable',
      new IdentityError('NetworkError', 'Network error'),
      { detailKey: 'Settings.Errors.DetailNetwork' },
    ],
    [
      'a throttle',
      new HttpError('member-wearer-update', 429, 'RATE_LIMITED', 'Too many requests'),
      { detailKey: 'Settings.Errors.DetailRateLimited' },
    ],
    [
      'the identity service’s attempt limit',
      new IdentityError('LimitExceededException', 'Attempt limit exceeded'),
      { detailKey: 'Settings.Errors.DetailRateLimited' },
    ],
    [
      'a gateway’s 503',
      new HttpError('member-wearer-update', 503, 'UNKNOWN', 'Service Unavailable'),
      { detailKey: 'Settings.Errors.DetailUnavailable' },
    ],
    [
      'a 400 naming a validation rule',
      new HttpError('member-wearer-update', 400, 'REQUEST_INVALID', 'Invalid request', [
        { Path: 'body.PhoneNumber', Message: 'Validations.PhoneInvalid' },
      ]),
      { detailKey: 'Validations.PhoneInvalid' },
    ],
    [
      'the server failing on the request (500)',
      new HttpError('member-wearer-update', 500, 'UNKNOWN', 'db down'),
      { detail: 'member-wearer-update: HTTP 500 UNKNOWN: db down' },
    ],
    [
      'the identity service refusing the value',
      new IdentityError('InvalidParameterException', 'Invalid phone number format.'),
      { detail: 'Invalid phone number format.' },
    ],
  ])('%s', (_case, error, expected) => {
    expect(errorDetail(error)).toEqual(expected);
  });
});

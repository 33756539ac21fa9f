import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../../src/api/client/apiErrors';
import { IdentityError } from '../../../src/api/identity';
import { errorDetail } from '../../../src/store/failureDetail';

describe('the detail of a failed settings save (src/store/failureDetail.ts)', () => {
  it.each([
    [
      'no answer',
      new NetworkError('member-wearer-update', new TypeError('Failed to fetch')),
      { detailKey: 'Common.FailureDetail.Network' },
    ],
    [
      'the identity service unreachable',
      new IdentityError('NetworkError', 'Network error'),
      { detailKey: 'Common.FailureDetail.Network' },
    ],
    [
      'a throttle',
      new HttpError('member-wearer-update', 429, 'RATE_LIMITED', 'Too many requests'),
      { detailKey: 'Common.FailureDetail.RateLimited' },
    ],
    [
      'the identity service’s attempt limit',
      new IdentityError('LimitExceededException', 'Attempt limit exceeded'),
      { detailKey: 'Common.FailureDetail.RateLimited' },
    ],
    [
      'a gateway’s 503',
      new HttpError('member-wearer-update', 503, 'UNKNOWN', 'Service Unavailable'),
      { detailKey: 'Common.FailureDetail.Unavailable' },
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
      { detailKey: 'Common.FailureDetail.ServerError' },
    ],
    [
      'a refusal naming no rule (404), not the call name and the server’s English',
      new HttpError('member-wearer-update', 404, 'NOT_FOUND', 'No such member'),
      { detailKey: 'Common.FailureDetail.Refused' },
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

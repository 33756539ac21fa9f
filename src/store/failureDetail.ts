import { HttpError } from '../api/client/apiErrors';
import { authFailureOf, SERVICE_UNAVAILABLE } from './session/authFailure';

/**
 * What is shown under a failure's message (spec §8 "'Set Member Terms Error', 'Set Member
 * communications Error' and 'Logout Error', each with detail"): a translation key, or the service's
 * own text.
 */
export type ErrorDetail = { readonly detailKey: string } | { readonly detail: string };

/**
 * The detail of a failed save, terms acceptance or logout. Failures on the way to the server are translated, not shown as
 * the client's English: no answer or a timeout → `Common.FailureDetail.Network`, a throttle (429,
 * the identity service's LimitExceeded/TooManyRequests) → `Common.FailureDetail.RateLimited`, a
 * 502/503/504 or unreadable answer → `Common.FailureDetail.Unavailable`; a 400 whose first issue names a
 * `Validations.*` key shows that message. Otherwise the identity service's or API's message, e.g.
 * Cognito's `Invalid phone number format.`.
 */
export function errorDetail(error: unknown): ErrorDetail {
  if (error instanceof HttpError && error.status === 400) {
    const key = error.issues?.find((issue) => issue.Message.startsWith('Validations.'))?.Message;
    if (key) return { detailKey: key };
  }
  // A 500 is the server failing on this request, not being away: its message is the detail.
  if (error instanceof HttpError && error.status === 500) return { detail: error.message };
  const failure = authFailureOf(error);
  switch (failure.code) {
    case 'NetworkError':
      return { detailKey: 'Common.FailureDetail.Network' };
    case 'TooManyRequestsException':
    case 'LimitExceededException':
      return { detailKey: 'Common.FailureDetail.RateLimited' };
    case SERVICE_UNAVAILABLE:
      return { detailKey: 'Common.FailureDetail.Unavailable' };
    default:
      return { detail: failure.message };
  }
}

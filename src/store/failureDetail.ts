import { HttpError } from '../api/client/apiErrors';
import { authFailureOf, SERVICE_UNAVAILABLE } from './session/authFailure';

/**
 * What is shown under a failure's message (spec §8 "'Set Member Terms Error', 'Set Member
 * communications Error' and 'Logout Error', each with detail"): a translation key, or the service's
 * own text.
 */
export type ErrorDetail = { readonly detailKey: string } | { readonly detail: string };

/**
 * The detail of a failed save, terms acceptance or logout, translated wherever Lifeline's own server
 * answered: no answer or a timeout → `Common.FailureDetail.Network`, a throttle (429, the identity
 * service's LimitExceeded/TooManyRequests) → `Common.FailureDetail.RateLimited`, a 502/503/504 or
 * unreadable answer → `Common.FailureDetail.Unavailable`; a 400 whose first issue names a
 * `Validations.*` key shows that message; any other refusal of Lifeline's API → `Common.FailureDetail.
 * Refused`, its failure (500) → `Common.FailureDetail.ServerError` — never the call's name and the
 * server's English (`member-wearer-update: HTTP 500 UNKNOWN: …`, which is for the action log).
 * Otherwise the identity service's message, e.g. Cognito's `Invalid phone number format.`.
 */
export function errorDetail(error: unknown): ErrorDetail {
  if (error instanceof HttpError && error.status === 400) {
    const key = error.issues?.find((issue) => issue.Message.startsWith('Validations.'))?.Message;
    if (key) return { detailKey: key };
  }
  // A 500 is the server failing on this request, not being away.
  if (error instanceof HttpError && error.status === 500) return { detailKey: SERVER_ERROR_KEY };
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
      if (error instanceof HttpError) {
        return { detailKey: error.status >= 500 ? SERVER_ERROR_KEY : REFUSED_KEY };
      }
      return { detail: failure.message };
  }
}

/** The detail of a server failure (500) of Lifeline's API. */
const SERVER_ERROR_KEY = 'Common.FailureDetail.ServerError';

/**
 * The detail of a refusal of Lifeline's API that names no rule (a 4xx, or an answer of
 * `Success: false`).
 */
export const REFUSED_KEY = 'Common.FailureDetail.Refused';

import { TimeoutError } from 'rxjs';
import { toIdentityError } from '../../api/identity';
import {
  CallFailedError,
  HttpError,
  isApiCallError,
  NetworkError,
} from '../../api/client/apiErrors';
import type { AuthFailure } from './sessionSlice';

/**
 * The code of an {@link AuthFailure} when the service gave no usable answer: an HTTP 5xx, an answer
 * that is not the protocol's (a proxy's error page, which amazon-cognito-identity-js fails to parse
 * with a TypeError), or the identity service's InternalErrorException. Shown as
 * `Auth.Errors.ServiceUnavailable`, not as the library's text.
 */
export const SERVICE_UNAVAILABLE = 'ServiceUnavailable';

/**
 * Turns whatever a sign-in, sign-up, verification or password flow failed with into the
 * {@link AuthFailure} the auth screens show (spec application-behaviour §8 "Login and account"):
 * - the identity service's refusals keep Cognito's exception name and message
 *   (`NotAuthorizedException`, `InvalidPasswordException`, …: the screens translate the known ones
 *   and show the others' message, as §8 "other login errors: raw message shown" asks);
 * - failures of the transport are not login errors and get codes the screens translate: no answer
 *   within the flow's wait (rxjs `TimeoutError`) or no HTTP answer → `NetworkError`; the
 *   authentication host's HTTP 429 → `TooManyRequestsException`; a 5xx, a malformed answer or the
 *   identity library failing to read one → {@link SERVICE_UNAVAILABLE}. Any other refusal of the
 *   authentication host (a 4xx, or a 2xx reporting failure) keeps its ErrorCode as the code.
 */
export function authFailureOf(error: unknown): AuthFailure {
  if (error instanceof TimeoutError || error instanceof NetworkError) {
    return { code: 'NetworkError', message: error.message };
  }
  if (isApiCallError(error)) {
    if (error instanceof HttpError && error.status === 429) {
      return { code: 'TooManyRequestsException', message: error.message };
    }
    if (error instanceof CallFailedError || (error instanceof HttpError && error.status < 500)) {
      return { code: error.code, message: error.message };
    }
    return { code: SERVICE_UNAVAILABLE, message: error.message };
  }
  const failure = toIdentityError(error);
  if (
    // The app's own state (no identity service in /config.json, the configuration not loaded:
    // `NotConfigured`, a plain `Error`) is the service being unavailable too, never English shown.
    [
      'TypeError',
      'SyntaxError',
      'InternalErrorException',
      'UnknownError',
      'NotConfigured',
      'Error',
    ].includes(failure.code)
  ) {
    return { code: SERVICE_UNAVAILABLE, message: failure.message };
  }
  return { code: failure.code, message: failure.message };
}

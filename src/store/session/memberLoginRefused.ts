import { TimeoutError } from 'rxjs';
import { HttpError, NetworkError } from '../../api/client/apiErrors';

/**
 * Whether a failed member-token login (login-member-c2) was the auth host's answer: true for a 4xx
 * (the ID token refused, 401 `AUTH`; a bad request) other than 408 and 429, and for an answer outside
 * the contract; false when no answer came — no network, the 20 s wait over (rxjs `TimeoutError`), a
 * throttle (429), a timeout (408) or a server error (5xx) — so that the login may be tried again.
 */
export function memberLoginRefused(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return false;
  if (error instanceof HttpError) {
    return error.status < 500 && error.status !== 408 && error.status !== 429;
  }
  return true;
}

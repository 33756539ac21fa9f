import { TimeoutError } from 'rxjs';
import { HttpError, NetworkError } from '../../api/client/apiErrors';

/**
 * Whether a failed call was the server's answer to it: true for a 4xx (a token refused, 401 `AUTH`;
 * a bad request) other than 408 and 429, and for an answer outside the contract; false when no
 * answer came — no network, a wait over (rxjs `TimeoutError`), a throttle (429), a timeout (408) or a
 * server error (5xx) — so that the call may be made again. Used for the member-token login after a
 * refresh (src/store/session/sessionEpics.ts) and for verify-socket-user (verifiedSocket.ts).
 */
export function refusedByServer(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TimeoutError) return false;
  if (error instanceof HttpError) {
    return error.status < 500 && error.status !== 408 && error.status !== 429;
  }
  return true;
}

import type { IdentitySession } from '../../api/identity';
import { toIdentityError } from '../../api/identity';
import {
  TOKEN_REFRESH_LEAD_MS,
  TOKEN_REFRESH_MIN_DELAY_MS,
  TOKEN_REFRESH_RETRY_MAX_MS,
  TOKEN_REFRESH_RETRY_MS,
} from '../timing';

/**
 * How long to wait, ms, before refreshing `session` at `nowMs` (epoch ms on this device's clock):
 * until {@link TOKEN_REFRESH_LEAD_MS} before its ID token expires, or half the token's lifetime before
 * when the token lives under twice that (the identity service may issue 5-minute tokens), and never
 * less than {@link TOKEN_REFRESH_MIN_DELAY_MS}. The expiry is on the identity service's clock: the
 * device's clock is taken back by the session's `clockDriftMs`, so a phone set an hour ahead does not
 * see every new token as expiring at once (it would refresh in a loop). Spec application-behaviour §4
 * (token refresh; its failure ends the session).
 */
export function tokenRefreshDelayMs(session: IdentitySession, nowMs: number): number {
  const serviceNowMs = nowMs - (session.clockDriftMs ?? 0);
  const lifetimeMs =
    session.issuedAt === undefined ? Infinity : session.expiresAt - session.issuedAt;
  const leadMs = Math.min(TOKEN_REFRESH_LEAD_MS, lifetimeMs / 2);
  return Math.max(TOKEN_REFRESH_MIN_DELAY_MS, session.expiresAt - serviceNowMs - leadMs);
}

/**
 * The identity service's answers that refuse a refresh for good: the refresh token was revoked
 * (sign-out everywhere), expired or is not valid (`NotAuthorizedException`), the user is gone or no
 * longer confirmed, a password reset is required, or no user is stored (`NotAuthenticated`).
 */
const REFUSALS: ReadonlySet<string> = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
  'NotAuthenticated',
]);

/**
 * Whether a failed identity refresh ends the session (spec application-behaviour §4: "token-refresh
 * failure (goes home)"): true when the identity service refused it ({@link REFUSALS}); false when
 * no answer came — no network (`NetworkError`), a throttle (`TooManyRequestsException`), a server
 * error or a reply the library could not read — and the refresh is tried again
 * ({@link tokenRefreshRetryDelayMs}). A member on a boat out of coverage when the token is due is
 * not signed out for it.
 */
export function refreshEndsSession(error: unknown): boolean {
  return REFUSALS.has(toIdentityError(error).code);
}

/**
 * How long to wait, ms, before the `retry`-th new try (1, 2, …) of an identity refresh that got no
 * answer: {@link TOKEN_REFRESH_RETRY_MS}, doubled at each try, at most
 * {@link TOKEN_REFRESH_RETRY_MAX_MS}.
 */
export function tokenRefreshRetryDelayMs(retry: number): number {
  const doublings = Math.max(0, Math.min(retry - 1, 16));
  return Math.min(TOKEN_REFRESH_RETRY_MAX_MS, TOKEN_REFRESH_RETRY_MS * 2 ** doublings);
}

import type { IdentitySession } from '../../api/identity';
import { TOKEN_REFRESH_LEAD_MS, TOKEN_REFRESH_MIN_DELAY_MS } from '../timing';

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

import { InvalidShareRequestError, type ShareTarget } from './shareTarget';

/*
 * When a share stops opening (issue 8 item 1: "expires (the member chooses; default documented)").
 * Every share expires; docs/shares.md lists these numbers.
 */

const DAY_MS = 86_400_000;

/** Default life of an activity share, ms from its creation (7 days: a trip and its aftermath). */
export const ACTIVITY_SHARE_DEFAULT_TTL_MS = 7 * DAY_MS;
/** Default life of a journey share after the journey's end, ms (7 days). */
export const JOURNEY_SHARE_GRACE_MS = 7 * DAY_MS;
/** Longest life a share may have, ms from its creation (366 days), chosen or default. */
export const SHARE_MAX_LIFETIME_MS = 366 * DAY_MS;
/** Shortest life a chosen expiry may give, ms (1 minute: a link must be openable once sent). */
export const SHARE_MIN_LIFETIME_MS = 60_000;

/**
 * The expiry (epoch ms) of a share of `target` created at `nowMs`:
 * - `requestedMs` when given: it must lie in [nowMs + {@link SHARE_MIN_LIFETIME_MS},
 *   nowMs + {@link SHARE_MAX_LIFETIME_MS}], else {@link InvalidShareRequestError} (`expiresAtMs`);
 * - null, an activity: nowMs + {@link ACTIVITY_SHARE_DEFAULT_TTL_MS};
 * - null, a journey: its end (or now, for a journey already over) + {@link JOURNEY_SHARE_GRACE_MS},
 *   at most nowMs + {@link SHARE_MAX_LIFETIME_MS}.
 */
export function shareExpiresAt(
  target: ShareTarget,
  requestedMs: number | null,
  nowMs: number,
): number {
  const latest = nowMs + SHARE_MAX_LIFETIME_MS;
  if (requestedMs !== null) {
    if (
      !Number.isSafeInteger(requestedMs) ||
      requestedMs < nowMs + SHARE_MIN_LIFETIME_MS ||
      requestedMs > latest
    ) {
      throw new InvalidShareRequestError(
        'expiresAtMs',
        'A share must expire between one minute and 366 days from now',
      );
    }
    return requestedMs;
  }
  if (target.kind === 'activity') return nowMs + ACTIVITY_SHARE_DEFAULT_TTL_MS;
  return Math.min(Math.max(target.endMs, nowMs) + JOURNEY_SHARE_GRACE_MS, latest);
}

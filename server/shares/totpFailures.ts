/*
 * Throttling of wrong one-time codes per share (RFC 6238 §5.2 asks for it): a share's code space is
 * 10^6 with 3 codes valid at a time, so an attacker who holds a leaked link must not get unlimited
 * guesses, however many addresses they send from.
 */

/** Wrong codes a share accepts per window before every code of it fails until the window ends. */
export const TOTP_MAX_FAILURES = 10;
/** The window of {@link TOTP_MAX_FAILURES}, ms (10 minutes). */
export const TOTP_FAILURE_WINDOW_MS = 10 * 60_000;

/** Counts wrong codes per share id, in this process's memory. Times are epoch ms. */
export interface TotpFailures {
  /** Whether share `shareId` is locked at `nowMs` (its window holds the maximum of failures). */
  locked(shareId: string, nowMs: number): boolean;
  /** Records one wrong code of `shareId` at `nowMs`. */
  record(shareId: string, nowMs: number): void;
}

/**
 * A {@link TotpFailures} allowing `maxFailures` wrong codes per fixed window of `windowMs` per share
 * (defaults {@link TOTP_MAX_FAILURES} per {@link TOTP_FAILURE_WINDOW_MS}). Entries whose window has
 * passed are dropped as they are met, so memory stays bounded by the shares recently guessed at
 * (each such share was already reached with a genuine token).
 */
export function createTotpFailures(
  maxFailures: number = TOTP_MAX_FAILURES,
  windowMs: number = TOTP_FAILURE_WINDOW_MS,
): TotpFailures {
  const windows = new Map<string, { startMs: number; count: number }>();
  const current = (shareId: string, nowMs: number) => {
    const entry = windows.get(shareId);
    if (entry && nowMs - entry.startMs >= windowMs) {
      windows.delete(shareId);
      return undefined;
    }
    return entry;
  };
  return {
    locked: (shareId, nowMs) => (current(shareId, nowMs)?.count ?? 0) >= maxFailures,
    record(shareId, nowMs) {
      const entry = current(shareId, nowMs);
      if (entry) entry.count += 1;
      else windows.set(shareId, { startMs: nowMs, count: 1 });
    },
  };
}

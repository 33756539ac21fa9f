/**
 * Cognito's password lockout (identity-protocol.md §6 "Lockout"), as pure functions over a user's
 * lockout state so it can be tested with any clock:
 * - after 5 failed password sign-ins the user is locked out for 1 s; each further failure doubles it,
 *   2^(n-5) s for n cumulative failures, capped at {@link LOCKOUT_MAX_MS} (~15 min);
 * - attempts during a lockout fail with "Password attempts exceeded", are not counted and do not extend
 *   it (they do count as sign-in attempts for the quiet period below);
 * - the count resets after a successful sign-in once no lockout is running, or after
 *   {@link LOCKOUT_RESET_QUIET_MS} without any sign-in attempt. Cognito documents both resets "after a
 *   lockout"; before any lockout it says nothing, and we reset there too (the conventional reading).
 * Failed refreshes and wrong current passwords in ChangePassword are not sign-ins and never count.
 */

/** Failures allowed before the first lockout. */
export const LOCKOUT_THRESHOLD = 5;
/** The longest lockout, ms ("approximately 15 minutes"; 2^10 s would be 17 min, so capped). */
export const LOCKOUT_MAX_MS = 15 * 60_000;
/** Quiet time after which the failure count starts again from zero, ms. */
export const LOCKOUT_RESET_QUIET_MS = 15 * 60_000;

/** A user's lockout state (columns of identity_users). */
export interface LockoutState {
  /** Cumulative failed password sign-ins, not counting "Password attempts exceeded". */
  readonly failures: number;
  /** End of the running lockout, epoch ms, or null. */
  readonly lockedUntilMs: number | null;
  /** Time of the last sign-in attempt of any outcome, epoch ms, or null. */
  readonly lastAttemptMs: number | null;
}

/** The state before any attempt. */
export const NO_LOCKOUT: LockoutState = { failures: 0, lockedUntilMs: null, lastAttemptMs: null };

/** The lockout after `failures` cumulative failures, ms: 0 below the threshold, then 2^(n-5) s. */
export function lockoutDurationMs(failures: number): number {
  if (failures < LOCKOUT_THRESHOLD) return 0;
  const exponent = Math.min(failures - LOCKOUT_THRESHOLD, 20);
  return Math.min(2 ** exponent * 1000, LOCKOUT_MAX_MS);
}

/** The state as seen at `nowMs`: the count is back to zero after a quiet period. */
export function effectiveLockout(state: LockoutState, nowMs: number): LockoutState {
  if (state.lastAttemptMs !== null && nowMs - state.lastAttemptMs >= LOCKOUT_RESET_QUIET_MS) {
    return NO_LOCKOUT;
  }
  return state;
}

/** Whether a lockout is running at `nowMs`: the attempt must fail with "Password attempts exceeded". */
export function isLockedOut(state: LockoutState, nowMs: number): boolean {
  const current = effectiveLockout(state, nowMs);
  return current.lockedUntilMs !== null && nowMs < current.lockedUntilMs;
}

/** The state after an attempt refused because of a running lockout: only the attempt time moves. */
export function afterRefusedAttempt(state: LockoutState, nowMs: number): LockoutState {
  return { ...effectiveLockout(state, nowMs), lastAttemptMs: nowMs };
}

/** The state after a wrong password at `nowMs` (not during a lockout): one more failure, maybe locked. */
export function afterFailure(state: LockoutState, nowMs: number): LockoutState {
  const failures = effectiveLockout(state, nowMs).failures + 1;
  const duration = lockoutDurationMs(failures);
  return {
    failures,
    lockedUntilMs: duration > 0 ? nowMs + duration : null,
    lastAttemptMs: nowMs,
  };
}

/** The state after a successful sign-in at `nowMs` (not during a lockout): back to zero. */
export function afterSuccess(nowMs: number): LockoutState {
  return { ...NO_LOCKOUT, lastAttemptMs: nowMs };
}

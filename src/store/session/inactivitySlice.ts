import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { INACTIVITY_WARNING_MS } from '../timing';
import { loggedOut } from './sessionSlice';

/**
 * The automatic logout after inactivity (spec application-behaviour §4 Session, §9 Sessions and
 * timing; policy §8 "Auto-logout warning with a countdown in seconds"). Timers live in
 * `inactivityEpics.ts`; this slice holds what they found.
 */
export interface InactivityState {
  /** When user activity was last recorded (sign-in counts), epoch ms; null while signed out. */
  readonly lastActivityAt: number | null;
  /**
   * Ms left before the logout at the last countdown check; ≤ 0 means the logout is due. Null when no
   * check has reported since the last activity (checks report only inside the warning window).
   */
  readonly remainingMs: number | null;
  /** True while the logout warning shows: under {@link INACTIVITY_WARNING_MS} remained at a check. */
  readonly warning: boolean;
}

const initialState: InactivityState = { lastActivityAt: null, remainingMs: null, warning: false };

/** Slice `inactivity`: {@link InactivityState}, reset to its initial state on `loggedOut`. */
export const inactivitySlice = createSlice({
  name: 'inactivity',
  initialState,
  reducers: {
    /** The user was active (debounced), signed in, or chose to stay logged in; `payload`: epoch ms. */
    userActivityRecorded: (state, action: PayloadAction<number>) => {
      state.lastActivityAt = action.payload;
      state.remainingMs = null;
      state.warning = false;
    },
    /** A 5 s countdown check: `remainingMs` until the logout (ms, ≤ 0 when due). */
    inactivityCountdownTicked: (state, action: PayloadAction<{ remainingMs: number }>) => {
      state.remainingMs = action.payload.remainingMs;
      state.warning = action.payload.remainingMs < INACTIVITY_WARNING_MS;
    },
    /**
     * "Stay logged in" on the warning. Hides it at once; the epic records it as activity (with the
     * injected clock, which a reducer must not read).
     */
    inactivityWarningDismissed: (state) => {
      state.remainingMs = null;
      state.warning = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectLastActivityAt: (state) => state.lastActivityAt,
    selectInactivityRemainingMs: (state) => state.remainingMs,
    selectInactivityWarning: (state) => state.warning,
  },
});

/**
 * `userActivityRecorded(at: epoch ms)`, `inactivityCountdownTicked({ remainingMs })` (events) and
 * `inactivityWarningDismissed()` (the "Stay logged in" command, which counts as activity).
 */
export const { userActivityRecorded, inactivityCountdownTicked, inactivityWarningDismissed } =
  inactivitySlice.actions;

/** Raw reads of {@link InactivityState}: last activity (epoch ms), remaining ms, warning shown. */
export const { selectLastActivityAt, selectInactivityRemainingMs, selectInactivityWarning } =
  inactivitySlice.selectors;

/**
 * Whole seconds left before the automatic logout, rounded up (a countdown shows 1 until it reaches
 * 0), never below 0; null when no check has reported since the last activity.
 */
export const selectInactivityRemainingSeconds = createSelector(
  [selectInactivityRemainingMs],
  (remainingMs) => (remainingMs === null ? null : Math.max(0, Math.ceil(remainingMs / 1000))),
);

/**
 * The seconds the logout warning counts down (policy §8), or null when the warning is hidden.
 */
export const selectInactivityWarningSeconds = createSelector(
  [selectInactivityWarning, selectInactivityRemainingSeconds],
  (warning, seconds) => (warning ? seconds : null),
);

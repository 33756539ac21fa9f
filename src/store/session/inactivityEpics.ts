import type { Action } from '@reduxjs/toolkit';
import {
  defer,
  filter,
  interval,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  takeUntil,
  takeWhile,
  type Observable,
} from 'rxjs';
import type { RuntimeConfig } from '../../api/runtimeConfig';
import type { AppEpic } from '../epic';
import { debounceTimeWithMax } from '../operators/debounceTimeWithMax';
import type { RootState } from '../rootReducer';
import {
  INACTIVITY_CHECK_INTERVAL_MS,
  INACTIVITY_LOGOUT_MINUTES,
  INACTIVITY_RESET_DEBOUNCE_MS,
  INACTIVITY_RESET_MAX_WAIT_MS,
  INACTIVITY_WARNING_MS,
} from '../timing';
import {
  inactivityCountdownTicked,
  inactivityWarningDismissed,
  userActivityRecorded,
} from './inactivitySlice';
import { loggedOut, logoutRequested, sessionRestored, signInSucceeded } from './sessionSlice';
import { ofAction } from '../operators/ofAction';

const MS_PER_MINUTE = 60_000;

/**
 * How long a session may stay inactive before the automatic logout, in ms, for a `/config.json`
 * environment (application-behaviour §9). Without a loaded configuration (which signing in needs, so
 * this should not happen) the shortest limit applies: the safe side of a security rule.
 */
export function inactivityLimitMs(environment: RuntimeConfig['environment'] | undefined): number {
  const minutes =
    environment === undefined
      ? Math.min(...Object.values(INACTIVITY_LOGOUT_MINUTES))
      : INACTIVITY_LOGOUT_MINUTES[environment];
  return minutes * MS_PER_MINUTE;
}

/**
 * Ms left before the automatic logout at `at` (epoch ms): the environment's limit minus the time since
 * the last recorded activity; ≤ 0 when due, null when no activity is recorded (signed out).
 */
export function inactivityRemainingMs(state: RootState, at: number): number | null {
  const { lastActivityAt } = state.inactivity;
  if (lastActivityAt === null) return null;
  return inactivityLimitMs(state.runtimeConfig.config?.environment) - (at - lastActivityAt);
}

/**
 * Runs `during()` from each session start (sign-in or restored session) until `loggedOut`, so no timer
 * runs while signed out; a new session start restarts it.
 */
function whileSignedIn(
  action$: Observable<Action>,
  during: () => Observable<Action>,
): Observable<Action> {
  return action$.pipe(
    // Sign-in and a restored session both start a session (spec §4 Session).
    ofAction(signInSucceeded, sessionRestored),
    switchMap(() => during().pipe(takeUntil(action$.pipe(ofAction(loggedOut))))),
  );
}

/**
 * While signed in: records activity (`userActivityRecorded(deps.now())`) at the session start, after
 * user interaction (`deps.userActivity$`) debounced 2 s with a 4 s maximum wait (spec §9), and at once
 * when the user chooses "Stay logged in" (`inactivityWarningDismissed`).
 */
export const inactivityActivityEpic: AppEpic = (action$, _state$, { now, userActivity$ }) =>
  whileSignedIn(action$, () =>
    merge(
      defer(() => of(userActivityRecorded(now()))),
      userActivity$.pipe(
        debounceTimeWithMax(INACTIVITY_RESET_DEBOUNCE_MS, INACTIVITY_RESET_MAX_WAIT_MS),
        map(() => userActivityRecorded(now())),
      ),
      action$.pipe(
        ofAction(inactivityWarningDismissed),
        map(() => userActivityRecorded(now())),
      ),
    ),
  );

/**
 * While signed in, checks every 5 s how long remains before the automatic logout (spec §9). A check
 * under 60 s reports `inactivityCountdownTicked({ remainingMs })`, which shows the warning with its
 * countdown (policy §8); earlier checks report nothing, so the action log does not gain 12 entries a
 * minute for a whole day. The first check at which nothing remains also requests
 * `logoutRequested({ reason: 'inactivity' })`, once, and ends the checks until the next session.
 */
export const inactivityCountdownEpic: AppEpic = (action$, state$, { now }) =>
  whileSignedIn(action$, () =>
    interval(INACTIVITY_CHECK_INTERVAL_MS).pipe(
      map(() => inactivityRemainingMs(state$.value, now())),
      filter((remainingMs) => remainingMs !== null),
      takeWhile((remainingMs) => remainingMs > 0, true),
      filter((remainingMs) => remainingMs < INACTIVITY_WARNING_MS),
      mergeMap((remainingMs) =>
        remainingMs > 0
          ? of(inactivityCountdownTicked({ remainingMs }))
          : of(
              inactivityCountdownTicked({ remainingMs }),
              logoutRequested({ reason: 'inactivity' }),
            ),
      ),
    ),
  );

/** The inactivity logout's epics (spec §4 Session, §9 Sessions and timing), for `storeEpics`. */
export const inactivityEpics: AppEpic[] = [inactivityActivityEpic, inactivityCountdownEpic];

import { configureStore, type Action } from '@reduxjs/toolkit';
import { combineEpics, createEpicMiddleware } from 'redux-observable';
import {
  distinctUntilChanged,
  filter,
  ignoreElements,
  map,
  NEVER,
  Subject,
  tap,
  type Observable,
} from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import type { IdentitySession } from '../../../../src/api/identity';
import type { RuntimeConfig } from '../../../../src/api/runtimeConfig';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import type { AppEpic } from '../../../../src/store/epic';
import { storeEpics } from '../../../../src/store/rootEpic';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { inactivityEpics, inactivityLimitMs } from '../../../../src/store/session/inactivityEpics';
import {
  inactivityCountdownTicked,
  inactivitySlice,
  inactivityWarningDismissed,
  selectInactivityRemainingSeconds,
  selectInactivityWarningSeconds,
  userActivityRecorded,
  type InactivityState,
} from '../../../../src/store/session/inactivitySlice';
import {
  loggedOut,
  logoutRequested,
  sessionRestored,
  signInSucceeded,
} from '../../../../src/store/session/sessionSlice';
import { testDependencies, testRuntimeConfig } from '../testDependencies';

type Environment = RuntimeConfig['environment'];

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

const identity: IdentitySession = {
  sub: '6f1c0f4e-0000-4000-8000-000000000001',
  email: 'dana@example.com',
  emailVerified: true,
  phoneNumber: null,
  phoneNumberVerified: false,
  nameFirst: 'Dana',
  nameLast: 'Berg',
  idToken: 'id.token.value',
  expiresAt: 0,
};

const initial: InactivityState = { lastActivityAt: null, remainingMs: null, warning: false };
const reduce = inactivitySlice.reducer;
const stateWith = (inactivity: InactivityState) => ({ inactivity });

describe('inactivity reducer', () => {
  it('inactivity -> userActivityRecorded stores the time and hides the warning', () => {
    const warned: InactivityState = { lastActivityAt: 1_000, remainingMs: 20_000, warning: true };
    expect(reduce(warned, userActivityRecorded(9_000))).toEqual({
      lastActivityAt: 9_000,
      remainingMs: null,
      warning: false,
    });
  });

  it.each([
    [61_000, false],
    [60_000, false],
    [59_999, true],
    [5_000, true],
    [0, true],
    [-3_000, true],
  ])('inactivity -> inactivityCountdownTicked with %s ms left sets warning %s', (ms, warning) => {
    const state = reduce(
      { ...initial, lastActivityAt: 0 },
      inactivityCountdownTicked({ remainingMs: ms }),
    );
    expect(state).toEqual({ lastActivityAt: 0, remainingMs: ms, warning });
  });

  it('inactivity -> inactivityWarningDismissed hides the warning and keeps the last activity', () => {
    const warned: InactivityState = { lastActivityAt: 1_000, remainingMs: 20_000, warning: true };
    expect(reduce(warned, inactivityWarningDismissed())).toEqual({
      lastActivityAt: 1_000,
      remainingMs: null,
      warning: false,
    });
  });

  it('inactivity -> loggedOut resets everything', () => {
    const warned: InactivityState = { lastActivityAt: 1_000, remainingMs: 20_000, warning: true };
    expect(reduce(warned, loggedOut({ reason: 'inactivity' }))).toEqual(initial);
  });

  it('is registered in the root reducer, which starts it empty', () => {
    expect(rootReducer(undefined, { type: '@@init' }).inactivity).toEqual(initial);
  });
});

describe('inactivity selectors', () => {
  it.each([
    [null, null],
    [55_000, 55],
    [54_001, 55],
    [500, 1],
    [0, 0],
    [-3_000, 0],
  ])('remaining %s ms shows %s s', (remainingMs, seconds) => {
    const state = stateWith({ lastActivityAt: 0, remainingMs, warning: true });
    expect(selectInactivityRemainingSeconds(state)).toBe(seconds);
    expect(selectInactivityWarningSeconds(state)).toBe(seconds);
  });

  it('counts down only while the warning shows', () => {
    const state = stateWith({ lastActivityAt: 0, remainingMs: 70_000, warning: false });
    expect(selectInactivityRemainingSeconds(state)).toBe(70);
    expect(selectInactivityWarningSeconds(state)).toBeNull();
  });

  it('recomputes only when the inactivity state changes', () => {
    const inactivity: InactivityState = { lastActivityAt: 0, remainingMs: 30_000, warning: true };
    const before = selectInactivityWarningSeconds.recomputations();
    selectInactivityWarningSeconds(stateWith(inactivity));
    selectInactivityWarningSeconds(stateWith(inactivity));
    expect(selectInactivityWarningSeconds.recomputations()).toBe(before + 1);
  });
});

describe('inactivityLimitMs', () => {
  it.each([
    ['prod', 1440],
    ['qa', 60],
    ['dev', 60],
    ['local', 120],
    [undefined, 60],
  ] as const)('%s: %s min', (environment, minutes) => {
    expect(inactivityLimitMs(environment)).toBe(minutes * MINUTE);
  });
});

/**
 * The inactivity epics on a store of the real root reducer, in the virtual time of `scheduler`
 * (`now` is its clock), which stops at `horizonMs` so that a timer left running ends the test (and
 * stays in `scheduler.actions`) instead of running forever. `actions$` repeats every action the
 * store handles, at its virtual time; `states$` the state after each.
 */
function startStore(
  scheduler: TestScheduler,
  environment: Environment,
  userActivity$: Observable<unknown> = NEVER,
  horizonMs = 48 * 60 * MINUTE,
) {
  scheduler.maxFrames = horizonMs;
  const actions$ = new Subject<Action>();
  const recorder: AppEpic = (action$) =>
    action$.pipe(
      tap((action) => {
        actions$.next(action);
      }),
      ignoreElements(),
    );
  const epicMiddleware = createEpicMiddleware<Action, Action, RootState, StoreDependencies>({
    dependencies: testDependencies({ now: () => scheduler.now(), userActivity$ }),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      runtimeConfig: {
        status: 'loaded' as const,
        config: { ...testRuntimeConfig, environment },
        error: null,
      },
    },
    middleware: (getDefault) => getDefault().concat(epicMiddleware),
  });
  epicMiddleware.run(combineEpics(...inactivityEpics, recorder));
  return {
    actions$,
    states$: actions$.pipe(map(() => store.getState())),
    /** Dispatches the values of a marble observable at their virtual times. */
    drive(input$: Observable<Action>) {
      input$.subscribe((action) => store.dispatch(action));
    },
  };
}

/**
 * A marble diagram with each key at its virtual time in ms (keys one character, or a group such as
 * `(ab)`), for timelines hours long.
 */
function timeline(entries: readonly (readonly [number, string])[]): string {
  let frame = 0;
  const parts: string[] = [];
  for (const [at, key] of entries) {
    if (key.length === 0) throw new Error(`timeline: no key at ${at} ms`);
    if (at < frame) throw new Error(`timeline: ${key} at ${at} ms overlaps the previous entry`);
    if (at > frame) parts.push(`${at - frame}ms`);
    parts.push(key);
    frame = at + key.length;
  }
  return parts.join(' ');
}

/**
 * Runs `body` in the virtual time of a new TestScheduler, then checks that no timer is left: each test
 * here ends with the session over or its countdown finished, so a leftover means a leaking timer.
 */
function inVirtualTime(body: (scheduler: TestScheduler, helpers: RunHelpers) => void): void {
  const scheduler = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  scheduler.run((helpers) => {
    body(scheduler, helpers);
  });
  expect(scheduler.actions).toEqual([]);
}

const signIn = signInSucceeded(identity);
const logout = logoutRequested({ reason: 'inactivity' });
const ended = loggedOut({ reason: 'inactivity' });
const recorded = (at: number) => userActivityRecorded(at);
const ticked = (remainingMs: number) => inactivityCountdownTicked({ remainingMs });

describe('inactivity epics (virtual time)', () => {
  it('are registered among the store epics', () => {
    expect(inactivityEpics).toHaveLength(2);
    for (const epic of inactivityEpics) expect(storeEpics).toContain(epic);
  });

  it.each([
    ['local', 120],
    ['dev', 60],
    ['qa', 60],
    ['prod', 1440],
  ] as const)(
    'logs out in %s exactly %s min after sign-in without activity, once',
    (env, minutes) => {
      inVirtualTime((scheduler, { hot, expectObservable }) => {
        const store = startStore(scheduler, env);
        store.drive(hot('a', { a: signIn }));
        expectObservable(store.actions$.pipe(filter(logoutRequested.match))).toBe(`${minutes}m a`, {
          a: logout,
        });
        // Nobody answers with loggedOut here: the checks must still stop after the one request.
      });
    },
  );

  it('warns when under 60 s remain, counting down on the 5 s checks, until logged out', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const store = startStore(scheduler, 'local');
      store.drive(hot('a 120m 59s 999ms b', { a: signIn, b: ended }));
      const checks = [55, 50, 45, 40, 35, 30, 25, 20, 15, 10, 5];
      const keys = 'abcdefghijk';
      // Ticks are reported from the first check under 60 s (119 min 5 s); the check at 120 min finds
      // nothing left and requests the logout with it.
      expectObservable(
        store.actions$.pipe(
          filter((a) => inactivityCountdownTicked.match(a) || logoutRequested.match(a)),
        ),
      ).toBe(
        timeline([
          ...checks.map((s, i) => [120 * MINUTE - s * SECOND, keys.charAt(i)] as const),
          [120 * MINUTE, '(zl)'],
        ]),
        {
          ...Object.fromEntries(checks.map((s, i) => [keys.charAt(i), ticked(s * SECOND)])),
          z: ticked(0),
          l: logout,
        },
      );
      // What the warning shows: nothing until 119 min 5 s, then 55 s … 0 s, nothing after logout.
      expectObservable(
        store.states$.pipe(map(selectInactivityWarningSeconds), distinctUntilChanged()),
      ).toBe(
        timeline([
          [0, 'n'],
          ...checks.map((s, i) => [120 * MINUTE - s * SECOND, keys.charAt(i)] as const),
          [120 * MINUTE, 'z'],
          [121 * MINUTE, 'n'],
        ]),
        {
          n: null,
          ...Object.fromEntries(checks.map((s, i) => [keys.charAt(i), s])),
          z: 0,
        },
      );
    });
  });

  it.each([
    ['qa', 110],
    ['local', 170],
  ] as const)('in %s, activity at minute 50 postpones the logout to %s min 5 s', (env, minutes) => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const store = startStore(scheduler, env, hot('50m u'));
      store.drive(hot('a', { a: signIn }));
      // Recorded 2 s after the activity, at 50:02; the limit runs out at (limit + 50) min 2 s, and the
      // next 5 s check after that logs out.
      expectObservable(store.actions$.pipe(filter(userActivityRecorded.match))).toBe(
        'a 50m 1s 999ms b',
        { a: recorded(0), b: recorded(50 * MINUTE + 2 * SECOND) },
      );
      expectObservable(store.actions$.pipe(filter(logoutRequested.match))).toBe(
        `${minutes}m 5s l`,
        { l: logout },
      );
    });
  });

  it('records a short burst of activity 2 s after its last event', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const store = startStore(scheduler, 'qa', hot('10s u 299ms u 299ms u'));
      store.drive(hot('a 59s 999ms b', { a: signIn, b: ended }));
      // The last event is at 10.6 s.
      expectObservable(store.actions$.pipe(filter(userActivityRecorded.match))).toBe(
        'a 12599ms b',
        { a: recorded(0), b: recorded(12_600) },
      );
    });
  });

  it('records continuous activity at least every 4 s (debounce 2 s, max 4 s)', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      // An event every second from 1 s to 10 s: never 2 s of quiet.
      const activity = hot(`1s ${Array.from({ length: 10 }, () => 'u').join(' 999ms ')}`);
      const store = startStore(scheduler, 'qa', activity);
      store.drive(hot('a 59s 999ms b', { a: signIn, b: ended }));
      // The burst from 1 s is recorded 4 s later, at 5 s (with the event of that instant); the next
      // burst starts at 6 s and is recorded at 10 s.
      expectObservable(store.actions$.pipe(filter(userActivityRecorded.match))).toBe(
        timeline([
          [0, 'a'],
          [5 * SECOND, 'b'],
          [10 * SECOND, 'c'],
        ]),
        { a: recorded(0), b: recorded(5 * SECOND), c: recorded(10 * SECOND) },
      );
    });
  });

  it('runs no timer and reports nothing while signed out', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const store = startStore(scheduler, 'qa', hot('1m u 30m u 100m u'));
      store.drive(hot('120m a', { a: inactivityWarningDismissed() }));
      expectObservable(
        store.actions$.pipe(filter((action) => !inactivityWarningDismissed.match(action))),
      ).toBe('');
    });
  });

  it('stops every timer on loggedOut, dropping activity not yet recorded', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      // Activity at 10 min, then 1 s before and after the logout at 30 min, then at 40 min.
      const store = startStore(scheduler, 'qa', hot('10m u 19m 58s 999ms u 1999ms u 10m u'));
      store.drive(hot('a 29m 59s 999ms b', { a: signIn, b: ended }));
      expectObservable(
        store.actions$.pipe(
          filter((a) => userActivityRecorded.match(a) || inactivityCountdownTicked.match(a)),
        ),
      ).toBe('a 10m 1s 999ms b', { a: recorded(0), b: recorded(10 * MINUTE + 2 * SECOND) });
      expectObservable(store.actions$.pipe(filter(logoutRequested.match))).toBe('');
    });
  });

  it('restarts on the next session start', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const store = startStore(scheduler, 'qa');
      store.drive(
        hot('a 29m 59s 999ms b 9m 59s 999ms c', {
          a: signIn,
          b: ended,
          c: sessionRestored(identity),
        }),
      );
      expectObservable(store.actions$.pipe(filter(userActivityRecorded.match))).toBe(
        'a 39m 59s 999ms c',
        { a: recorded(0), c: recorded(40 * MINUTE) },
      );
      // 60 min (qa) after the restored session at 40 min.
      expectObservable(store.actions$.pipe(filter(logoutRequested.match))).toBe('100m l', {
        l: logout,
      });
    });
  });

  it('"Stay logged in" counts as activity at once, hiding the warning and postponing the logout', () => {
    inVirtualTime((scheduler, { hot, expectObservable }) => {
      const store = startStore(scheduler, 'local');
      // Dismissed at 119 min 32 s, while the warning shows 30 s.
      store.drive(hot('a 119m 31s 999ms d', { a: signIn, d: inactivityWarningDismissed() }));
      expectObservable(store.actions$.pipe(filter(userActivityRecorded.match))).toBe(
        'a 119m 31s 999ms b',
        { a: recorded(0), b: recorded(119 * MINUTE + 32 * SECOND) },
      );
      // The warning counts 55 s … 30 s, hides at the dismissal (deadline now 239:32), and comes back
      // at the first check under 60 s of the new period: 238:35, with 57 s left.
      const before = [55, 50, 45, 40, 35, 30].map(
        (s, i) => [119 * MINUTE + (5 + 5 * i) * SECOND, s] as const,
      );
      const after = [57, 52, 47, 42, 37, 32, 27, 22, 17, 12, 7, 2].map(
        (s, i) => [238 * MINUTE + (35 + 5 * i) * SECOND, s] as const,
      );
      const keys = 'abcdefghijklmopqrstu'; // one per entry of shown; not n or z
      const shown = [...before, [119 * MINUTE + 32 * SECOND, null] as const, ...after];
      expectObservable(
        store.states$.pipe(map(selectInactivityWarningSeconds), distinctUntilChanged()),
      ).toBe(
        timeline([
          [0, 'n'],
          ...shown.map(([at], i) => [at, keys.charAt(i)] as const),
          [239 * MINUTE + 35 * SECOND, 'z'],
        ]),
        {
          n: null,
          ...Object.fromEntries(shown.map(([, seconds], i) => [keys.charAt(i), seconds])),
          z: 0,
        },
      );
      expectObservable(store.actions$.pipe(filter(logoutRequested.match))).toBe('239m 35s l', {
        l: logout,
      });
    });
  });
});

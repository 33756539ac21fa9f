import { configureStore, type Action } from '@reduxjs/toolkit';
import { combineEpics, createEpicMiddleware } from 'redux-observable';
import {
  defer,
  ignoreElements,
  map,
  mergeMap,
  Subject,
  tap,
  throwError,
  timer,
  type Observable,
} from 'rxjs';
import { TestScheduler, type RunHelpers } from 'rxjs/testing';
import { expect } from 'vitest';
import type { CallDef, CallRequest, CallResponse } from '../../../../src/api/call';
import type { ActivityDetail, ActivitySummary } from '../../../../src/api/entities/activity';
import type { Alert } from '../../../../src/api/entities/alert';
import type { ActivityType } from '../../../../src/api/enums';
import { decodeTrackBinary, encodeTrackBinary } from '../../../../src/api/trackBinary';
import {
  activityDetailLoaded,
  type LoadedDetail,
} from '../../../../src/store/activities/activityEvents';
import { detailLoadedActions } from '../../../../src/store/activities/detailLoad';
import type { MemberCalls } from '../../../../src/store/activities/memberCalls';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import type { AppEpic } from '../../../../src/store/epic';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { signedInIdentity, startedState, testClient, testDependencies } from '../testDependencies';

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The epoch ms at virtual time 0: `deps.now()` is `T0 + scheduler.now()`. */
export const T0 = Date.UTC(2026, 10, 22, 12);

/** One call the epics made: its contract name, request, and virtual time (ms since 0). */
export interface CallRecord {
  readonly name: string;
  readonly request: unknown;
  readonly atMs: number;
}

/** Fake answers by call name (`def.name`); a call without one errors. */
export type CallHandlers = Readonly<Record<string, (request: never) => Observable<unknown>>>;

/** The answer `value` after `ms` of virtual time. */
export function answer<T>(ms: number, value: T): Observable<T> {
  return timer(ms).pipe(map(() => value));
}

/** A failed call (no connection) after `ms` of virtual time. */
export function failure(ms: number): Observable<never> {
  return timer(ms).pipe(mergeMap(() => throwError(() => new Error('offline'))));
}

/**
 * The track call's answer derived from a detail handler: the LocationHistory of the detail that
 * handler answers for the same request, as the columns the server would send (trackBinary.ts).
 */
function trackFromDetail(
  detailHandler: (request: unknown) => Observable<unknown>,
): (request: unknown) => Observable<unknown> {
  return (request) =>
    detailHandler(request).pipe(
      map((answered) => {
        const history = (answered as { Activity: ActivityDetail }).Activity.LocationHistory;
        return decodeTrackBinary(encodeTrackBinary(history).buffer as ArrayBuffer);
      }),
    );
}

/**
 * Member calls answered by `handlers`, recording each call in `log` when it is sent. Without a
 * handler of its own, member-wearer-activity-track answers the points of member-wearer-activity-detail's
 * handler, so a test fakes a detail once, as the server answers it in two calls.
 */
function fakeCalls(
  scheduler: TestScheduler,
  handlers: CallHandlers,
  log: CallRecord[],
): MemberCalls {
  return {
    call: <C extends CallDef>(def: C, request: CallRequest<C>) =>
      defer(() => {
        log.push({ name: def.name, request, atMs: scheduler.now() });
        const detailHandler = handlers['member-wearer-activity-detail'] as
          ((request: unknown) => Observable<unknown>) | undefined;
        const handler = (handlers[def.name] ??
          (def.name === 'member-wearer-activity-track' && detailHandler
            ? trackFromDetail(detailHandler)
            : undefined)) as ((request: unknown) => Observable<unknown>) | undefined;
        return handler ? handler(request) : throwError(() => new Error(`no fake for ${def.name}`));
      }) as Observable<CallResponse<C>>,
  };
}

export interface StoreOptions {
  readonly epics: readonly AppEpic[];
  readonly calls?: CallHandlers;
  /** Slices to start from, over a signed-in member's started state. */
  readonly state?: Partial<RootState>;
  /** Virtual time at which the scheduler stops (so an endless timer ends the test). */
  readonly horizonMs?: number;
  /** Further dependencies (e.g. a fake `openSocket`). */
  readonly dependencies?: Partial<StoreDependencies>;
}

/**
 * `epics` on a store of the real root reducer in the virtual time of `scheduler`, signed in as the
 * test member, with fake member and shared-viewing calls. `actions$` repeats every action the store handles at its
 * virtual time; `calls` lists the calls made; `drive` dispatches a marble observable's values.
 */
export function startStore(scheduler: TestScheduler, options: StoreOptions) {
  scheduler.maxFrames = options.horizonMs ?? 2 * HOUR;
  const calls: CallRecord[] = [];
  const actions$ = new Subject<Action>();
  const recorder: AppEpic = (action$) =>
    action$.pipe(
      tap((action) => {
        actions$.next(action);
      }),
      ignoreElements(),
    );
  const memberCalls = fakeCalls(scheduler, options.calls ?? {}, calls);
  const dependencies: StoreDependencies = testDependencies({
    now: () => T0 + scheduler.now(),
    memberCalls: () => memberCalls,
    // A share viewer's calls on the token's C2Url are answered by the same fakes, by call name.
    shareCalls: () => memberCalls,
    ...options.dependencies,
  });
  const epicMiddleware = createEpicMiddleware<Action, Action, RootState, StoreDependencies>({
    dependencies,
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      ...startedState(signedInIdentity(T0 + 10 * HOUR), testClient),
      ...options.state,
    },
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(epicMiddleware),
  });
  epicMiddleware.run(combineEpics(recorder, ...options.epics));
  return {
    store,
    calls,
    actions$: actions$.asObservable(),
    drive(input$: Observable<Action>) {
      input$.subscribe((action) => store.dispatch(action));
    },
  };
}

/**
 * Runs `body` in the virtual time of a new TestScheduler whose assertion is vitest's `toEqual`;
 * `settled` (default true) checks that no timer is left running at the end.
 */
export function inVirtualTime(
  body: (scheduler: TestScheduler, helpers: RunHelpers) => void,
  settled = true,
): void {
  const scheduler = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  scheduler.run((helpers) => {
    body(scheduler, helpers);
  });
  if (settled) expect(scheduler.actions).toEqual([]);
}

const STATS = {
  Distance: { Displayed: 1200, Meters: 1250, Type: 'GNSS' as const },
  DurationMs: 30 * MINUTE,
  SpeedAvgMPS: 0.7,
  SpeedMaxMPS: 2.1,
};

/** A summary from `startMs` to `endMs` (epoch ms; null: open). */
export function summary(
  ActivityId: number,
  startMs: number,
  endMs: number | null,
  type: ActivityType = 'HIKING',
): ActivitySummary {
  return {
    ActivityId,
    ActivityType: type,
    TimestampStart: startMs,
    TimestampEnd: endMs,
    ActivityStats: STATS,
  };
}

/** A detail with two location points and the given alerts. */
export function detail(
  ActivityId: number,
  startMs: number,
  endMs: number | null,
  alerts?: readonly Alert[],
): ActivityDetail {
  return {
    ...summary(ActivityId, startMs, endMs),
    LocationHistory: [
      { Time: startMs, X: 10.75, Y: 59.91, Hacc: 5, Alt: 12, Speed: 0.5 },
      { Time: startMs + MINUTE, X: 10.76, Y: 59.92, Hacc: 5, Alt: 14, Speed: 0.8 },
    ],
    ...(alerts ? { Alerts: [...alerts] } : {}),
    SplitsSettings: null,
  };
}

/** An open fall alert of `activityId` raised at `atMs`. */
export function alert(AlertID: number, activityId: number | null, atMs: number): Alert {
  return {
    AlertID,
    WearerID: 1,
    ActivityId: activityId,
    AlertType: 'FALL',
    Severity: 4,
    TimestampStart: atMs,
    TimestampUpdated: atMs,
    TimestampClosed: null,
    CloseState: 'OPEN',
    ClosureReason: null,
    ClosedByActorType: null,
    ClosedByName: null,
    ResolveText: null,
    PausedUntilTimestamp: null,
    Location: null,
    Value: null,
    BodyPosition: null,
    CheckInState: null,
    Notes: [],
    RescueOrgsNotified: [],
  };
}

/** The calls of one name, as `[virtual ms, request]` pairs. */
export function callsOf(calls: readonly CallRecord[], name: string): [number, unknown][] {
  return calls.filter((c) => c.name === name).map((c) => [c.atMs, c.request]);
}

/** A detail as `activityDetailLoaded` carries it (its history goes to the location-history slice). */
export function loadedDetail(full: ActivityDetail): LoadedDetail {
  const [, loaded] = detailLoadedActions(full).now;
  if (!activityDetailLoaded.match(loaded)) throw new Error('detailLoadedActions changed its order');
  return loaded.payload.detail;
}

import type { Action } from '@reduxjs/toolkit';
import { StateObservable } from 'redux-observable';
import { Subject, map, of, throwError, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { chunkLoadFailed } from '../../../../src/store/app/appActions';
import {
  buildCheckEpic,
  chunkLoadErrorEpic,
  serverRestartEpic,
} from '../../../../src/store/app/appEpics';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import { notificationShown } from '../../../../src/store/notifications/notificationsSlice';
import {
  realtimeSlice,
  socketInitReceived,
  type SocketInitFrom,
} from '../../../../src/store/realtime/realtimeSlice';
import type { RootState } from '../../../../src/store/rootReducer';
import { runtimeConfigLoaded } from '../../../../src/store/slices/runtimeConfigSlice';
import { startedState, testDependencies, testRuntimeConfig } from '../testDependencies';

const scheduler = () =>
  new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });

/** A state observable fixed at `state`. */
const fixedState = (state: RootState) => new StateObservable<RootState>(new Subject(), state);

/** Shown notices by key, other actions by type: notice ids depend on the clock. */
const keys = (output$: Observable<Action>) =>
  output$.pipe(map((a) => (notificationShown.match(a) ? a.payload.key : a.type)));

/** Dependencies whose reloadPage records the virtual time of each reload. */
function reloading(ts: TestScheduler, overrides: Partial<StoreDependencies> = {}) {
  const reloads: number[] = [];
  const deps = testDependencies({
    now: () => ts.now(),
    translate: () => '',
    reloadPage: () => reloads.push(ts.now()),
    ...overrides,
  });
  return { deps, reloads };
}

const C2 = 'https://c2.example';
const init = (ServerStartTimestamp: number, socketUrl = C2): SocketInitFrom => ({
  ServerStartTimestamp,
  BuildTimestamp: null,
  ServerTimestamp: ServerStartTimestamp,
  socketUrl,
  receivedAt: ServerStartTimestamp,
});

describe('server restart (spec §4: a changed server start time shows a notice and reloads)', () => {
  it('notices a SocketInit with another start time and reloads 3 s later, once', () => {
    const ts = scheduler();
    const { deps, reloads } = reloading(ts);
    // The reducer keeps the first start time this page heard from the server (100).
    const state = { ...startedState(null, null) };
    const state$ = fixedState({
      ...state,
      realtime: { ...state.realtime, serverStartTimestamps: { [C2]: 100 } },
    });
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a 9ms b 99ms c', {
        a: socketInitReceived(init(100)),
        b: socketInitReceived(init(200)),
        c: socketInitReceived(init(300)),
      });
      expectObservable(keys(serverRestartEpic(action$, state$, deps))).toBe('10ms n', {
        n: 'Errors.ServerRestarted',
      });
    });
    expect(reloads).toEqual([10 + 3_000]);
  });

  it('does nothing while the start time is unchanged', () => {
    const ts = scheduler();
    const { deps, reloads } = reloading(ts);
    const state = startedState(null, null);
    const state$ = fixedState({
      ...state,
      realtime: { ...state.realtime, serverStartTimestamps: { [C2]: 100 } },
    });
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a 9ms a', { a: socketInitReceived(init(100)) });
      expectObservable(serverRestartEpic(action$, state$, deps)).toBe('');
    });
    expect(reloads).toEqual([]);
  });

  it('keeps the first start time heard from each server', () => {
    const heard = [init(100), init(700, 'https://other.example'), init(200)]
      .map((payload) => socketInitReceived(payload))
      .reduce(realtimeSlice.reducer, realtimeSlice.reducer(undefined, { type: 'init' }));
    expect(heard.serverStartTimestamps).toEqual({ [C2]: 100, 'https://other.example': 700 });
  });

  it('does not compare the start times of two servers (a monitor of shares on two domains)', () => {
    const ts = scheduler();
    const { deps, reloads } = reloading(ts);
    const state = startedState(null, null);
    const state$ = fixedState({
      ...state,
      realtime: {
        ...state.realtime,
        serverStartTimestamps: { [C2]: 100, 'https://other.example': 700 },
      },
    });
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a 9ms b 9ms a', {
        a: socketInitReceived(init(100)),
        b: socketInitReceived(init(700, 'https://other.example')),
      });
      expectObservable(serverRestartEpic(action$, state$, deps)).toBe('');
    });
    expect(reloads).toEqual([]);
  });
});

describe('build check (spec §9: hourly; reload follows 3 s after the notice)', () => {
  const hour = 3_600_000;

  it('reads the deployed build every hour and restarts when it differs from the running one', () => {
    const ts = scheduler();
    const deployed = [1, 2];
    const reads: number[] = [];
    const { deps, reloads } = reloading(ts, {
      loadBuildTimestamp: () => {
        reads.push(ts.now());
        return of(deployed.shift() ?? 3);
      },
    });
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('c', {
        c: runtimeConfigLoaded({ ...testRuntimeConfig, buildTimestamp: 1 }),
      });
      const state$ = fixedState(startedState(null, null));
      expectObservable(keys(buildCheckEpic(action$, state$, deps))).toBe(
        `${2 * hour}ms n 2999ms |`,
        {
          n: 'Errors.AppRestart',
        },
      );
    });
    expect(reads).toEqual([hour, 2 * hour]);
    expect(reloads).toEqual([2 * hour + 3_000]);
  });

  it('skips a failed read until the next hour', () => {
    const ts = scheduler();
    let calls = 0;
    const { deps, reloads } = reloading(ts, {
      loadBuildTimestamp: () => {
        calls += 1;
        return calls === 1 ? throwError(() => new Error('offline')) : of(2);
      },
    });
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('c', {
        c: runtimeConfigLoaded({ ...testRuntimeConfig, buildTimestamp: 1 }),
      });
      expectObservable(
        keys(buildCheckEpic(action$, fixedState(startedState(null, null)), deps)),
      ).toBe(`${2 * hour}ms n 2999ms |`, { n: 'Errors.AppRestart' });
    });
    expect(reloads).toEqual([2 * hour + 3_000]);
  });

  it('does not check a page without a build (ends at once)', () => {
    const ts = scheduler();
    const { deps } = reloading(ts, { loadBuildTimestamp: () => of(2) });
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('c', {
        c: runtimeConfigLoaded({ ...testRuntimeConfig, buildTimestamp: null }),
      });
      expectObservable(buildCheckEpic(action$, fixedState(startedState(null, null)), deps)).toBe(
        '|',
      );
    });
  });
});

describe('chunk load error (spec §8: an app-restart notice, reload after 6 s)', () => {
  it('notices and reloads 6 s later, once for a burst of errors', () => {
    const ts = scheduler();
    const { deps, reloads } = reloading(ts);
    ts.run(({ hot, expectObservable }) => {
      const action$ = hot<Action>('a 99ms a', { a: chunkLoadFailed({ message: 'x' }) });
      expectObservable(
        keys(chunkLoadErrorEpic(action$, fixedState(startedState(null, null)), deps)),
      ).toBe('n', { n: 'Errors.AppRestart' });
    });
    expect(reloads).toEqual([6_000]);
  });
});

// The network-error navigation moved to src/store/network: tests/unit/store/network.

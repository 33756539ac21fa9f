import type { Action } from '@reduxjs/toolkit';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import {
  NETWORK_ERROR_PATH,
  apiRequestFailed,
  networkErrorPageOpened,
  networkRetryRequested,
} from '../../../../src/store/network/networkSlice';
import { socketStateChanged } from '../../../../src/store/realtime/realtimeSlice';
import { marble, networkStore, type NetworkStoreOptions } from './networkTestKit';

const connected = socketStateChanged({ state: 'connected', socketId: 's1' });
const url = 'https://eu.example.com/api/member-integration/devices';

/** The recorded value of each network action, by marble key. */
const V = {
  o: 'onlineChanged true',
  x: 'onlineChanged false',
  l: 'networkLost {"returnPath":"/dashboard"}',
  L: 'networkLost {"returnPath":null}',
  a: `apiRequestFailed {"url":"${url}"}`,
  p: 'networkErrorPageOpened',
  n: 'networkRetryRequested',
  f: 'networkRetryFailed',
  r: 'networkRestored',
} as const;

/** `networkRetryScheduled` of a retry at `retryAt` (virtual ms = epoch ms here). */
const scheduled = (retryAt: number) => `networkRetryScheduled {"retryAt":${retryAt}}`;

interface Scenario extends Omit<NetworkStoreOptions, 'online$'> {
  /** The browser's online state: a marble of t (online) and f (offline). */
  readonly online: string;
  /** Actions to dispatch: a marble of the keys of `actions`. */
  readonly input?: string;
  readonly actions?: Record<string, Action>;
  /** The recorded network actions: a marble of the keys of V and of `values`. */
  readonly expected: string;
  readonly values?: Record<string, string>;
  /** Virtual time at which the run stops (endless countdowns). */
  readonly horizonMs?: number;
  /** Moves the user to another path at a virtual time. */
  readonly leaveAt?: readonly [number, string];
}

/** Runs the network epics through `scenario` in virtual time; returns the navigations and state. */
function run(scenario: Scenario) {
  const ts = new TestScheduler((actual, expected) => {
    expect(actual).toEqual(expected);
  });
  let result: ReturnType<typeof networkStore> | undefined;
  ts.run(({ hot, expectObservable }) => {
    // run() lifts the frame limit on entry: an endless countdown stops at the horizon.
    if (scenario.horizonMs !== undefined) ts.maxFrames = scenario.horizonMs;
    const kit = networkStore(ts, {
      ...scenario,
      online$: hot(scenario.online, { t: true, f: false }),
    });
    result = kit;
    if (scenario.input) kit.drive(hot(scenario.input, scenario.actions));
    const leave = scenario.leaveAt;
    if (leave) {
      ts.schedule(() => {
        kit.goTo(leave[1]);
      }, leave[0]);
    }
    expectObservable(kit.network$).toBe(scenario.expected, { ...V, ...scenario.values });
  });
  if (!result) throw new Error('the run did not start');
  return { visits: result.visits, network: result.store.getState().network };
}

describe('network down with no socket → /error/network-error (spec §2, §8)', () => {
  it('moves there once per outage, replacing the entry, and remembers where the user was', () => {
    const { visits, network } = run({
      online: 't 9ms f 9ms t 9ms f',
      horizonMs: 5_000,
      expected: marble([
        [0, 'o'],
        [10, 'x'],
        [10, 'l'],
        [10, 's'],
        [20, 'o'],
        [30, 'x'],
        [30, 'L'],
      ]),
      values: { s: scheduled(10 + 10_000) },
    });
    expect(visits).toEqual([[10, NETWORK_ERROR_PATH, true]]);
    expect(network).toMatchObject({ status: 'error', returnPath: '/dashboard', online: false });
  });

  it('stays while the socket is connected, in local development, or already there', () => {
    expect(run({ online: 't 9ms f', connection: 'connected', expected: 'o 9ms x' }).visits).toEqual(
      [],
    );
    expect(run({ online: 't 9ms f', environment: 'local', expected: 'o 9ms x' }).visits).toEqual(
      [],
    );
    const there = run({
      online: 't 9ms f',
      path: NETWORK_ERROR_PATH,
      horizonMs: 5_000,
      expected: 'o 9ms (xLs)',
      values: { s: scheduled(10_010) },
    });
    expect(there.visits).toEqual([]);
  });
});

describe('retry countdown (policy §8; timing.ts NETWORK_RETRY_DELAY_MS, _MAX_MS)', () => {
  it('retries 10 s after the error, 20 s after a failed retry, and goes back once the network is', () => {
    // Offline at 10; online again at 15 s, but the socket reconnects only at 20 s.
    const { visits, network } = run({
      online: 't 9ms f 14989ms t',
      input: '20000ms c',
      actions: { c: connected },
      expected: marble([
        [0, 'o'],
        [10, 'x'],
        [10, 'l'],
        [10, '1'],
        [10_010, 'f'],
        [10_010, '2'],
        [15_000, 'o'],
        [30_010, 'r'],
      ]),
      values: { 1: scheduled(10_010), 2: scheduled(30_010) },
    });
    expect(visits).toEqual([
      [10, NETWORK_ERROR_PATH, true],
      [30_010, '/dashboard', true],
    ]);
    expect(network).toEqual({
      online: true,
      status: 'ok',
      retryAt: null,
      attempt: 0,
      returnPath: null,
    });
  });

  it('waits 10 s longer after each failed retry, at most 60 s', () => {
    const failures = [10_010, 30_010, 60_010, 100_010, 150_010, 210_010, 270_010];
    const { network } = run({
      online: 't 9ms f',
      horizonMs: 300_000,
      expected: marble([
        [0, 'o'],
        [10, 'x'],
        [10, 'l'],
        [10, 'A'],
        ...failures.flatMap((at, i) => [
          [at, 'f'] as const,
          [at, String.fromCharCode(66 + i)] as const,
        ]),
      ]),
      values: {
        A: scheduled(10_010),
        B: scheduled(30_010),
        C: scheduled(60_010),
        D: scheduled(100_010),
        E: scheduled(150_010),
        F: scheduled(210_010),
        G: scheduled(270_010),
        H: scheduled(330_010),
      },
    });
    expect(network).toMatchObject({ status: 'error', attempt: 7, retryAt: 330_010 });
  });

  it('retry now runs the retry at once: failing, it counts; succeeding, it goes back', () => {
    const { visits } = run({
      online: 't 9ms f 989ms t',
      input: '1500ms n 499ms c 999ms n',
      actions: { n: networkRetryRequested(), c: connected },
      expected: marble([
        [0, 'o'],
        [10, 'x'],
        [10, 'l'],
        [10, '1'],
        [1_000, 'o'],
        [1_500, 'n'],
        [1_500, 'f'],
        [1_500, '2'],
        [3_000, 'n'],
        [3_000, 'r'],
      ]),
      values: { 1: scheduled(10_010), 2: scheduled(1_500 + 20_000) },
    });
    expect(visits).toEqual([
      [10, NETWORK_ERROR_PATH, true],
      [3_000, '/dashboard', true],
    ]);
  });

  it('does not move a user who left the screen before the network came back', () => {
    const { visits } = run({
      online: 't 9ms f 989ms t',
      input: '2000ms c',
      actions: { c: connected },
      leaveAt: [5_000, '/settings'],
      expected: marble([
        [0, 'o'],
        [10, 'x'],
        [10, 'l'],
        [10, '1'],
        [1_000, 'o'],
        [10_010, 'r'],
      ]),
      values: { 1: scheduled(10_010) },
    });
    expect(visits).toEqual([[10, NETWORK_ERROR_PATH, true]]);
  });

  it('counts down on the screen opened at its address, then goes home', () => {
    const { visits } = run({
      online: 't',
      connection: 'connected',
      path: NETWORK_ERROR_PATH,
      input: '5ms p',
      actions: { p: networkErrorPageOpened() },
      expected: marble([
        [0, 'o'],
        [5, 'p'],
        [5, '1'],
        [10_005, 'r'],
      ]),
      values: { 1: scheduled(10_005) },
    });
    expect(visits).toEqual([[10_005, '/', true]]);
  });
});

describe('an API request without an answer marks the network-error state (spec §8)', () => {
  it('starts the countdown without moving the app; later failures keep it; a retry clears it', () => {
    const { visits, network } = run({
      online: 't',
      connection: 'connected',
      input: '5ms a 4ms a',
      actions: { a: apiRequestFailed({ url }) },
      expected: marble([
        [0, 'o'],
        [5, 'a'],
        [5, '1'],
        [10, 'a'],
        [10_005, 'r'],
      ]),
      values: { 1: scheduled(10_005) },
    });
    expect(visits).toEqual([]);
    expect(network.status).toBe('ok');
  });

  it('keeps the state while the socket is still down', () => {
    const { network } = run({
      online: 't',
      connection: 'reconnecting',
      input: '5ms a',
      actions: { a: apiRequestFailed({ url }) },
      horizonMs: 20_000,
      expected: marble([
        [0, 'o'],
        [5, 'a'],
        [5, '1'],
        [10_005, 'f'],
        [10_005, '2'],
      ]),
      values: { 1: scheduled(10_005), 2: scheduled(30_005) },
    });
    expect(network).toMatchObject({ status: 'error', attempt: 1, returnPath: null });
  });
});

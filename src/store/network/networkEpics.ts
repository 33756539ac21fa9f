import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import {
  EMPTY,
  concat,
  defer,
  distinctUntilChanged,
  filter,
  map,
  of,
  race,
  repeat,
  switchMap,
  take,
  takeWhile,
  timer,
} from 'rxjs';
import type { StoreDependencies } from '../dependencies';
import type { RootState } from '../rootReducer';
import { anySocketConnected, noSocketOpen } from '../realtime/realtimeSlice';
import {
  NETWORK_ERROR_PATH,
  networkLost,
  networkRestored,
  networkRetryDelayMs,
  networkRetryFailed,
  networkRetryRequested,
  networkRetryScheduled,
  onlineChanged,
  type NetworkSliceState,
} from './networkSlice';
import { ofAction } from '../operators/ofAction';

/** The root state with the network slice (src/store/rootReducer.ts registers it). */
export type NetworkRootState = RootState & NetworkSliceState;
/** An epic reading the network slice. */
export type NetworkEpic = Epic<Action, Action, NetworkRootState, StoreDependencies>;

/**
 * Whether the app counts as off the network (spec §2 "shown automatically when the network is down
 * and the realtime socket is disconnected (not in local development)"; §8): the browser offline, the
 * socket not connected (disconnected, reconnecting, or none opened), the runtime configuration known
 * and not `local`.
 */
export function isNetworkDown(state: NetworkRootState): boolean {
  const config = state.runtimeConfig.config;
  return (
    !state.network.online &&
    config !== null &&
    config.environment !== 'local' &&
    !anySocketConnected(state.realtime)
  );
}

/**
 * Whether a retry finds the network back: the browser online, and the socket connected — or none
 * expected (`idle`: no member signed in), or local development, where the socket does not count
 * (spec §2). A socket still reconnecting after the browser came back fails the retry.
 */
export function isNetworkUp(state: NetworkRootState): boolean {
  return (
    state.network.online &&
    (state.runtimeConfig.config?.environment === 'local' ||
      anySocketConnected(state.realtime) ||
      noSocketOpen(state.realtime))
  );
}

/** The browser's online state (`deps.online$`) into the store, so outages are in the action log. */
export const onlineEpic: NetworkEpic = (_action$, _state$, deps) =>
  deps.online$.pipe(map((online) => onlineChanged(online)));

/**
 * The network going down ({@link isNetworkDown}) moves the app to /error/network-error, replacing the
 * current history entry, and records where it was (`networkLost({ returnPath })`; spec §2, §8
 * "Network down with no socket navigates to NetworkError"). Once per outage; when the screen is shown
 * already the app stays (returnPath null).
 */
export const networkLostEpic: NetworkEpic = (_action$, state$, deps) =>
  state$.pipe(
    map(isNetworkDown),
    distinctUntilChanged(),
    filter((down) => down),
    map(() => {
      const here = deps.navigator.currentPath();
      if (here === NETWORK_ERROR_PATH) return networkLost({ returnPath: null });
      deps.navigator.navigate(NETWORK_ERROR_PATH, { replace: true });
      return networkLost({ returnPath: here });
    }),
  );

/**
 * The retry countdown (policy §8 "automatic retry countdown and a retry-now action"). While the
 * network state is `error`, each cycle schedules a retry {@link networkRetryDelayMs}(attempt) ahead
 * (`networkRetryScheduled({ retryAt })`, epoch ms from `deps.now`), waits for it or for
 * `networkRetryRequested` (retry now, whichever comes first), then checks {@link isNetworkUp}:
 * - up: `networkRestored`; when the network-error screen is shown the app goes back to the return
 *   path (or home), replacing the screen's history entry;
 * - down: `networkRetryFailed` (attempt + 1), and the next cycle waits longer.
 * The countdown stops as soon as the state is `ok` again (switchMap).
 */
export const networkRetryEpic: NetworkEpic = (action$, state$, deps) => {
  const retryNow$ = action$.pipe(ofAction(networkRetryRequested));
  // The attempt is counted here as well as in the state: the epic middleware dispatches an epic's
  // actions after the current one, so the state lags when the next cycle starts.
  const countdown$ = defer(() => {
    let attempt = state$.value.network.attempt;
    const cycle$ = defer(() => {
      const delayMs = networkRetryDelayMs(attempt);
      return concat(
        of(networkRetryScheduled({ retryAt: deps.now() + delayMs })),
        race(timer(delayMs), retryNow$).pipe(
          take(1),
          map((): Action => {
            const state = state$.value;
            if (!isNetworkUp(state)) {
              attempt += 1;
              return networkRetryFailed();
            }
            if (deps.navigator.currentPath() === NETWORK_ERROR_PATH) {
              deps.navigator.navigate(state.network.returnPath ?? '/', { replace: true });
            }
            return networkRestored();
          }),
        ),
      );
    });
    return cycle$.pipe(
      repeat(),
      takeWhile((action) => !networkRestored.match(action), true),
    );
  });
  return state$.pipe(
    map((state) => state.network.status),
    distinctUntilChanged(),
    switchMap((status) => (status === 'error' ? countdown$ : EMPTY)),
  );
};

/** The network epics: the online state, the move to the network-error screen, the retry countdown. */
export const networkEpics: NetworkEpic[] = [onlineEpic, networkLostEpic, networkRetryEpic];

import type { Action } from '@reduxjs/toolkit';
import {
  EMPTY,
  type Observable,
  catchError,
  concat,
  exhaustMap,
  filter,
  ignoreElements,
  interval,
  mergeMap,
  of,
  switchMap,
  take,
  tap,
  timer,
} from 'rxjs';
import type { StoreDependencies } from '../dependencies';
import type { AppEpic } from '../epic';
import { notify } from '../notifications/notify';
import { socketInitReceived } from '../realtime/realtimeSlice';
import { runtimeConfigLoaded } from '../slices/runtimeConfigSlice';
import {
  APP_RESTART_RELOAD_DELAY_MS,
  BUILD_CHECK_INTERVAL_MS,
  CHUNK_LOAD_RELOAD_DELAY_MS,
} from '../timing';
import { chunkLoadFailed } from './appActions';
import { ofAction } from '../operators/ofAction';

/** Notice `key`, then reload the page `delayMs` later. */
function noticeThenReload(
  deps: Pick<StoreDependencies, 'translate' | 'now' | 'reloadPage'>,
  key: string,
  delayMs: number,
): Observable<Action> {
  return concat(
    of(notify(deps, 'info', key)),
    timer(delayMs).pipe(
      tap(() => {
        deps.reloadPage();
      }),
      ignoreElements(),
    ),
  );
}

/**
 * A SocketInit whose server start time differs from the first one this page heard from the same
 * socket URL (kept in `realtime.serverStartTimestamps`) → a notice, and a reload
 * {@link APP_RESTART_RELOAD_DELAY_MS} later (spec §4 "A change of the server start time shows a
 * notice and reloads the app"). Once per page. Sockets to different servers are not compared: two
 * servers' start times differ without either having restarted, and the reloaded page would meet
 * them again, reloading for ever.
 */
export const serverRestartEpic: AppEpic = (action$, state$, deps) =>
  action$.pipe(
    ofAction(socketInitReceived),
    filter(({ payload }) => {
      const first = state$.value.realtime.serverStartTimestamps[payload.socketUrl];
      return first !== undefined && payload.ServerStartTimestamp !== first;
    }),
    exhaustMap(() => noticeThenReload(deps, 'Errors.ServerRestarted', APP_RESTART_RELOAD_DELAY_MS)),
  );

/**
 * Every {@link BUILD_CHECK_INTERVAL_MS} the deployed build's timestamp is read; when it differs from
 * the running build's (the first `/config.json` this page loaded) → the restart notice and a reload
 * {@link APP_RESTART_RELOAD_DELAY_MS} later (spec §4, §7 BuildTimestamp, §9). A failed read is skipped
 * until the next hour; a page without a build (null timestamp) is not checked.
 */
export const buildCheckEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(runtimeConfigLoaded),
    take(1),
    switchMap(({ payload: { buildTimestamp: running } }) =>
      running === null
        ? EMPTY
        : interval(BUILD_CHECK_INTERVAL_MS).pipe(
            exhaustMap(() => deps.loadBuildTimestamp().pipe(catchError(() => EMPTY))),
            filter((deployed) => deployed !== null && deployed !== running),
            take(1),
            mergeMap(() =>
              noticeThenReload(deps, 'Errors.AppRestart', APP_RESTART_RELOAD_DELAY_MS),
            ),
          ),
    ),
  );

/** A chunk load error → the restart notice, and a reload {@link CHUNK_LOAD_RELOAD_DELAY_MS} later (§8). */
export const chunkLoadErrorEpic: AppEpic = (action$, _state$, deps) =>
  action$.pipe(
    ofAction(chunkLoadFailed),
    exhaustMap(() => noticeThenReload(deps, 'Errors.AppRestart', CHUNK_LOAD_RELOAD_DELAY_MS)),
  );

export const appEpics: AppEpic[] = [serverRestartEpic, buildCheckEpic, chunkLoadErrorEpic];

/*
 * The network-error navigation (spec §2, §8 "Network down with no socket navigates to NetworkError")
 * moved to src/store/network/networkEpics.ts, with its retry countdown and NETWORK_ERROR_PATH.
 */

import { configureStore, type Action, type Middleware } from '@reduxjs/toolkit';
import { combineEpics, createEpicMiddleware } from 'redux-observable';
import { ReplaySubject, filter, map, type Observable } from 'rxjs';
import type { TestScheduler } from 'rxjs/testing';
import type { RuntimeConfig } from '../../../../src/api/runtimeConfig';
import type { StoreDependencies } from '../../../../src/store/dependencies';
import { networkEpics, type NetworkRootState } from '../../../../src/store/network/networkEpics';
import { networkSlice } from '../../../../src/store/network/networkSlice';
import { rootReducer, type RootState } from '../../../../src/store/rootReducer';
import { startedState, testDependencies, testRuntimeConfig } from '../testDependencies';

/** The root reducer with the network slice, as src/store/rootReducer.ts will register it. */
export function networkRootReducer(
  state: NetworkRootState | undefined,
  action: Action,
): NetworkRootState {
  const { network, ...rest } = state ?? {};
  return {
    ...rootReducer(state ? rest : undefined, action),
    network: networkSlice.reducer(network, action),
  };
}

export interface NetworkStoreOptions {
  readonly environment?: RuntimeConfig['environment'];
  readonly connection?: RootState['realtime']['connection'];
  /** The browser's online state over time (`deps.online$`). */
  readonly online$: Observable<boolean>;
  /** The path the navigator starts at. */
  readonly path?: string;
}

/** One navigation of the epics: virtual time (ms), path, replace. */
export type Visit = readonly [number, string, boolean];

/**
 * The network epics on a store of the root reducer plus the network slice, in the virtual time of
 * `ts` (call inside `ts.run`): the runtime configuration of `environment` (default prod), the socket
 * in `connection` (default disconnected). `network$` replays every `network/*` action as
 * `name payload` at its virtual time; `visits` lists the navigations; `drive` dispatches a marble
 * observable's actions.
 */
export function networkStore(ts: TestScheduler, options: NetworkStoreOptions) {
  const started = startedState(null, null);
  const preloaded: NetworkRootState = {
    ...started,
    runtimeConfig: {
      status: 'loaded',
      config: { ...testRuntimeConfig, environment: options.environment ?? 'prod' },
      error: null,
    },
    realtime: { ...started.realtime, connection: options.connection ?? 'disconnected' },
    network: networkSlice.getInitialState(),
  };
  const visits: Visit[] = [];
  let current = options.path ?? '/dashboard';
  const deps: StoreDependencies = testDependencies({
    now: () => ts.now(),
    online$: options.online$,
    navigator: {
      navigate(path, navigateOptions) {
        visits.push([ts.now(), path, navigateOptions?.replace ?? false]);
        current = path;
      },
      currentPath: () => current,
    },
  });
  const recorded$ = new ReplaySubject<Action>();
  // Recorded as dispatched, before the reducer: an action comes before those it causes.
  const recorder: Middleware = () => (next) => (action) => {
    recorded$.next(action as Action);
    return next(action);
  };
  const epicMiddleware = createEpicMiddleware<Action, Action, NetworkRootState, StoreDependencies>({
    dependencies: deps,
  });
  const store = configureStore({
    reducer: networkRootReducer,
    preloadedState: preloaded,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false }).concat(
        recorder,
        epicMiddleware,
      ),
  });
  epicMiddleware.run(combineEpics(...networkEpics));
  return {
    store,
    visits,
    /** Moves the user elsewhere (e.g. the browser's back button). */
    goTo(path: string) {
      current = path;
    },
    network$: recorded$.pipe(
      filter((action) => action.type.startsWith('network/')),
      map((action) => {
        const name = action.type.slice('network/'.length);
        const { payload } = action as Action & { payload?: unknown };
        return payload === undefined ? name : `${name} ${JSON.stringify(payload)}`;
      }),
    ),
    drive(input$: Observable<Action>) {
      input$.subscribe((action) => store.dispatch(action));
    },
  };
}

/**
 * A marble of `events` ([virtual ms, value key]); values at the same time form a group. Throws when
 * an event falls inside the frames of the previous group.
 */
export function marble(events: ReadonlyArray<readonly [number, string]>): string {
  const byTime = new Map<number, string>();
  for (const [time, key] of events) byTime.set(time, (byTime.get(time) ?? '') + key);
  let cursor = 0;
  let out = '';
  for (const [time, keys] of [...byTime].sort((a, b) => a[0] - b[0])) {
    if (time < cursor) throw new Error(`event at ${time} ms overlaps the group before`);
    if (time > cursor) out += ` ${time - cursor}ms `;
    out += keys.length > 1 ? `(${keys})` : keys;
    cursor = time + (keys.length > 1 ? keys.length + 2 : 1);
  }
  return out.trim();
}

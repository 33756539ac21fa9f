import { configureStore, isPlain, type Action } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import { createActionLog, type ActionLog } from './actionLog/actionLog';
import type { StoreDependencies } from './dependencies';
import type { AppEpic } from './epic';
import { frameBatchingMiddleware } from './frameBatching';
import { createRootEpic } from './rootEpic';
import { rootReducer, type RootState } from './rootReducer';

export interface CreateAppStoreOptions {
  readonly dependencies: StoreDependencies;
  /** The features' epics, merged into the root epic. */
  readonly epics?: readonly AppEpic[];
  readonly preloadedState?: Partial<RootState>;
  /**
   * Where the store records its actions (src/store/actionLog); default: a new log with the default
   * bounds, stamped with `dependencies.now`.
   */
  readonly actionLog?: ActionLog;
}

/**
 * What an action may carry (RTK's development check): plain values, and typed arrays — a columnar
 * LocationHistory (trackColumnsLoaded) — which the action log writes and reads back losslessly
 * (src/store/actionLog/typedArrays.ts).
 */
function isSerializableValue(value: unknown): boolean {
  return isPlain(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

/**
 * Builds the store (ARCHITECTURE.md §4): the root reducer, the redux-observable middleware with the
 * injected dependencies, the root epic started once, and the action log recording every action that
 * reaches the reducer (`store.actionLog`: export it, replay it from `preloadedState` with
 * `replayActionLog`; issue 6 item 4). Used by the app and by tests.
 */
export function createAppStore(options: CreateAppStoreOptions) {
  const epicMiddleware = createEpicMiddleware<Action, Action, RootState, StoreDependencies>({
    dependencies: options.dependencies,
  });
  const actionLog = options.actionLog ?? createActionLog({ now: options.dependencies.now });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    // The log is last: it sees exactly what reaches the reducer, in that order (actionLog.ts).
    // frameBatching first: it sees every dispatch, the epics' reactions to a socket frame included.
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { isSerializable: isSerializableValue } })
        .prepend(frameBatchingMiddleware())
        .concat(epicMiddleware, actionLog.middleware),
    // Auto-batched actions (a socket frame and what the epics dispatch in its task, frameBatching.ts)
    // notify the subscribers once, at the end of that task; any other action notifies at once.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
  epicMiddleware.run(createRootEpic(options.epics));
  return Object.assign(store, { actionLog });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

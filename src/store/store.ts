import { configureStore, type Action } from '@reduxjs/toolkit';
import { createEpicMiddleware } from 'redux-observable';
import type { StoreDependencies } from './dependencies';
import type { AppEpic } from './epic';
import { createRootEpic } from './rootEpic';
import { rootReducer, type RootState } from './rootReducer';

export interface CreateAppStoreOptions {
  readonly dependencies: StoreDependencies;
  /** The features' epics, merged into the root epic. */
  readonly epics?: readonly AppEpic[];
  readonly preloadedState?: Partial<RootState>;
}

/**
 * Builds the store (ARCHITECTURE.md §4): the root reducer, the redux-observable middleware with the
 * injected dependencies, and the root epic started once. Used by the app and by tests.
 */
export function createAppStore(options: CreateAppStoreOptions) {
  const epicMiddleware = createEpicMiddleware<Action, Action, RootState, StoreDependencies>({
    dependencies: options.dependencies,
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault().concat(epicMiddleware),
  });
  epicMiddleware.run(createRootEpic(options.epics));
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

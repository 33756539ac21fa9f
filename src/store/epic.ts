import type { Action } from '@reduxjs/toolkit';
import type { Epic } from 'redux-observable';
import type { StoreDependencies } from './dependencies';
import type { RootState } from './rootReducer';

/** An epic of this store: actions in, actions out, with the injected {@link StoreDependencies}. */
export type AppEpic = Epic<Action, Action, RootState, StoreDependencies>;

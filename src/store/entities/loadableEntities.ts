import {
  createEntityAdapter,
  type ActionReducerMapBuilder,
  type EntityState,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { loggedOut } from '../session/sessionSlice';
import { NOT_LOADED, type Loadable, type LoadStatus } from './loadStatus';

/** A server list in the store, normalized by a numeric id, with its load bookkeeping. */
export type LoadableEntities<T> = EntityState<T, number> & Loadable;

/**
 * What the list slices (contacts, devices, equipment) share: an entity adapter keyed by `selectId`
 * (the order the server answered is kept), the never-loaded state, the case reducer for the server's
 * whole list (replaces every entity; loaded, received), and `extraReducers` that reset the slice on
 * `loggedOut`. Each slice names the case reducers as its own actions, with `loadRequested` and
 * `loadFailed` (loadStatus.ts) for the start and failure of a load.
 */
export function loadableEntities<T>(selectId: (entity: T) => number) {
  const adapter = createEntityAdapter<T, number>({ selectId });
  const initialState: LoadableEntities<T> = adapter.getInitialState<Loadable>(NOT_LOADED);
  return {
    adapter,
    initialState,
    received: (
      state: EntityState<T, number> & { status: LoadStatus; received: boolean },
      action: PayloadAction<readonly T[]>,
    ): void => {
      adapter.setAll(state, action.payload);
      state.status = 'loaded';
      state.received = true;
    },
    extraReducers: (builder: ActionReducerMapBuilder<LoadableEntities<T>>) => {
      builder.addCase(loggedOut, () => initialState);
    },
  };
}

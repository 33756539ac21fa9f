import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RuntimeConfig } from '../../api/runtimeConfig';

/** Loading state of `/config.json`, which every other part of the app waits for. */
export type RuntimeConfigState =
  | { readonly status: 'idle' | 'loading'; readonly config: null; readonly error: null }
  | { readonly status: 'loaded'; readonly config: RuntimeConfig; readonly error: null }
  | { readonly status: 'failed'; readonly config: null; readonly error: string };

const initialState = { status: 'idle', config: null, error: null } as RuntimeConfigState;

export const runtimeConfigSlice = createSlice({
  name: 'runtimeConfig',
  initialState,
  reducers: {
    runtimeConfigRequested: () => ({ status: 'loading', config: null, error: null }) as const,
    runtimeConfigLoaded: (_state, action: PayloadAction<RuntimeConfig>) =>
      ({ status: 'loaded', config: action.payload, error: null }) as const,
    runtimeConfigFailed: (_state, action: PayloadAction<string>) =>
      ({ status: 'failed', config: null, error: action.payload }) as const,
  },
  selectors: {
    selectRuntimeConfigStatus: (state) => state.status,
    selectRuntimeConfig: (state) => state.config,
    selectExternalLinks: (state) => state.config?.links ?? null,
  },
});

export const { runtimeConfigRequested, runtimeConfigLoaded, runtimeConfigFailed } =
  runtimeConfigSlice.actions;
export const { selectRuntimeConfigStatus, selectRuntimeConfig, selectExternalLinks } =
  runtimeConfigSlice.selectors;

import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { RescueOrg } from '../../api/entities/domain';
import type { CountryCode } from '../../api/enums';
import type { LoadStatus } from '../entities/loadStatus';
import { combinedReducer } from '../rootReducer';

/** What rescue-orgs is asked (spec §7 POST rescue-orgs). */
export interface RescueOrgsRequest {
  readonly CountryCodes: readonly CountryCode[];
  readonly IncludeRegions: boolean;
  readonly RescueOrgCode?: string | null;
}

/** One cached answer: its load status, the organisations, and when they arrived (epoch ms). */
export interface RescueOrgsEntry {
  readonly status: LoadStatus;
  readonly RescueOrgs: readonly RescueOrg[];
  readonly loadedAtMs: number | null;
}

/** The rescue-orgs answers by request ({@link rescueOrgsKey}), cached 120 s (spec §9). */
export interface RescueOrgsState {
  readonly entries: Readonly<Record<string, RescueOrgsEntry>>;
}

/** The cache key of a request: the same key for the same question (country order ignored). */
export function rescueOrgsKey(request: RescueOrgsRequest): string {
  return JSON.stringify([
    [...request.CountryCodes].sort(),
    request.IncludeRegions,
    request.RescueOrgCode ?? null,
  ]);
}

const initialState: RescueOrgsState = { entries: {} };

export const rescueOrgsSlice = createSlice({
  name: 'rescueOrgs',
  initialState,
  reducers: {
    /** Ask for the rescue organisations of a request; answered from the cache while fresh. */
    rescueOrgsRequested: (state, _action: PayloadAction<RescueOrgsRequest>) => state,
    rescueOrgsLoadStarted: (state, { payload }: PayloadAction<{ key: string }>) => {
      const entry = state.entries[payload.key];
      state.entries[payload.key] = {
        status: 'loading',
        RescueOrgs: entry?.RescueOrgs ?? [],
        loadedAtMs: entry?.loadedAtMs ?? null,
      };
    },
    rescueOrgsLoaded: (
      state,
      {
        payload,
      }: PayloadAction<{ key: string; RescueOrgs: readonly RescueOrg[]; loadedAtMs: number }>,
    ) => {
      state.entries[payload.key] = {
        status: 'loaded',
        RescueOrgs: [...payload.RescueOrgs],
        loadedAtMs: payload.loadedAtMs,
      };
    },
    /** The load failed; an earlier answer stays shown (and is no longer fresh). */
    rescueOrgsLoadFailed: (state, { payload }: PayloadAction<{ key: string }>) => {
      const entry = state.entries[payload.key];
      if (entry) state.entries[payload.key] = { ...entry, status: 'failed' };
    },
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof rescueOrgsSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = rescueOrgsSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectRescueOrgsState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  rescueOrgsRequested,
  rescueOrgsLoadStarted,
  rescueOrgsLoaded,
  rescueOrgsLoadFailed,
} = rescueOrgsSlice.actions;

type WithRescueOrgs = { rescueOrgs?: RescueOrgsState };

/** The cached organisations of a request, or null when it was never answered. */
export const selectRescueOrgs = (
  state: WithRescueOrgs,
  request: RescueOrgsRequest,
): readonly RescueOrg[] | null => {
  const entry = selectRescueOrgsState(state).entries[rescueOrgsKey(request)];
  return entry && entry.loadedAtMs !== null ? entry.RescueOrgs : null;
};

/** The load status of a request ('idle' when never asked). */
export const selectRescueOrgsStatus = (
  state: WithRescueOrgs,
  request: RescueOrgsRequest,
): LoadStatus => selectRescueOrgsState(state).entries[rescueOrgsKey(request)]?.status ?? 'idle';

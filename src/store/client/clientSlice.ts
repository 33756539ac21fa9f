import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Client } from '../../api/entities/client';
import { loggedOut } from '../session/sessionSlice';

/** The member's client organisation: brand, units, documents (spec §3 Client, §7 load-member-client). */
export interface ClientState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly client: Client | null;
}

const initialState: ClientState = { status: 'idle', client: null };

export const clientSlice = createSlice({
  name: 'client',
  initialState,
  reducers: {
    /**
     * A screen that needs the client asks for it again after its load failed (a retry button): a
     * command for clientEpics.ts `memberClientReloadEpic`, which loads it unless it is loaded or loading.
     */
    memberClientReloadRequested: (state) => state,
    memberClientRequested: (state) => {
      state.status = 'loading';
    },
    memberClientLoaded: (state, action: PayloadAction<Client>) => {
      state.status = 'loaded';
      state.client = action.payload;
    },
    memberClientFailed: (state) => {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
  selectors: {
    selectMemberClient: (state) => state.client,
    selectMemberClientStatus: (state) => state.status,
  },
});

export const {
  memberClientReloadRequested,
  memberClientRequested,
  memberClientLoaded,
  memberClientFailed,
} = clientSlice.actions;
export const { selectMemberClient, selectMemberClientStatus } = clientSlice.selectors;

/**
 * When the terms last changed, epoch ms: the latest effective time of the client's EULA and privacy
 * policy (spec §4 gating step 4), or null when it has none.
 */
export const selectTermsEffectiveAt = createSelector([selectMemberClient], (client) => {
  const times = (client?.Documents ?? [])
    .filter((d) => d.Type === 'Eula' || d.Type === 'PrivacyPolicy')
    .map((d) => d.EffectiveDateTimestamp);
  return times.length > 0 ? Math.max(...times) : null;
});

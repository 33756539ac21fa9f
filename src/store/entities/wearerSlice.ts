import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Wearer } from '../../api/entities/member';
import { loggedOut } from '../session/sessionSlice';
import {
  loadFailed,
  loadRequested,
  NOT_LOADED,
  type Loadable,
  type LoadStatus,
} from './loadStatus';

/** The member's wearer record (spec §3 "Member / wearer", §7 load-member-wearer). */
export interface WearerState extends Loadable {
  readonly wearer: Wearer | null;
}

const initialState: WearerState = { ...NOT_LOADED, wearer: null };

export const wearerSlice = createSlice({
  name: 'wearer',
  initialState,
  reducers: {
    /** Load (or reload) the wearer from GET load-member-wearer. */
    wearerRequested: loadRequested,
    /** The wearer as the server answered it (a load, or the answer of POST activity-types). */
    wearerReceived: (state, action: PayloadAction<Wearer>) => {
      state.wearer = action.payload;
      state.status = 'loaded';
      state.received = true;
    },
    wearerLoadFailed: loadFailed,
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { wearerRequested, wearerReceived, wearerLoadFailed } = wearerSlice.actions;

/** The wearer record, null before it loaded. */
export const selectWearer = (state: { wearer: WearerState }): Wearer | null => state.wearer.wearer;
/** The load status of the wearer record. */
export const selectWearerStatus = (state: { wearer: WearerState }): LoadStatus =>
  state.wearer.status;

import { createAction, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { MemberShare } from '../../api/calls/memberIntegrationShares';
import { combinedReducer } from '../rootReducer';

/**
 * The member's share links (issue 8 item 1 "Members create and revoke shares of a live activity or a
 * journey"; contract src/api/calls/memberIntegrationShares.ts, docs/shares.md):
 * - `shares`: share-list's answer (newest first, revoked and expired ones included), null before it;
 * - `status` of that list;
 * - `created`: the share just made, with its link and, once only, the TOTP secret for the member's
 *   authenticator app (never in share-list); cleared by {@link memberShareCreatedSeen};
 * - `creating`: a share-activity call is in flight;
 * - `revoking`: the ShareIds whose share-revoke is in flight.
 */
export interface MemberSharesState {
  readonly shares: readonly MemberShare[] | null;
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly created: CreatedShare | null;
  readonly creating: boolean;
  readonly revoking: readonly string[];
}

/** A share just created: its link, expiry (epoch ms) and the TOTP secret (null without a code). */
export interface CreatedShare {
  readonly ShareId: string;
  readonly ActivityId: number;
  readonly ShareUrl: string;
  readonly ExpiryTimestamp: number;
  readonly TotpSecret: string | null;
}

/** Share `ActivityId` until `ExpiryTimestamp` (epoch ms; null: the default 7 days), maybe with a code. */
export interface ShareCreateRequest {
  readonly ActivityId: number;
  readonly ExpiryTimestamp: number | null;
  readonly WithTotp: boolean;
}

const initialState: MemberSharesState = {
  shares: null,
  status: 'idle',
  created: null,
  creating: false,
  revoking: [],
};

/** Load (or reload) the member's shares. */
export const memberSharesRequested = createAction('memberShares/memberSharesRequested');
/** Create a share link of an activity. */
export const memberShareCreateRequested = createAction<ShareCreateRequest>(
  'memberShares/memberShareCreateRequested',
);
/** Revoke one share: its link stops opening and its viewers are disconnected. */
export const memberShareRevokeRequested = createAction<{ ShareId: string }>(
  'memberShares/memberShareRevokeRequested',
);

export const memberSharesSlice = createSlice({
  name: 'memberShares',
  initialState,
  reducers: {
    memberSharesLoadStarted: (state) => {
      state.status = 'loading';
    },
    memberSharesLoaded: (state, { payload }: PayloadAction<readonly MemberShare[]>) => {
      state.shares = [...payload];
      state.status = 'loaded';
    },
    memberSharesLoadFailed: (state) => {
      state.status = 'failed';
    },
    memberShareCreateStarted: (state) => {
      state.creating = true;
      state.created = null;
    },
    memberShareCreated: (state, { payload }: PayloadAction<CreatedShare>) => {
      state.creating = false;
      state.created = payload;
    },
    memberShareCreateFailed: (state) => {
      state.creating = false;
    },
    /** The member closed the box showing the new link (and its TOTP secret). */
    memberShareCreatedSeen: (state) => {
      state.created = null;
    },
    memberShareRevokeStarted: (state, { payload }: PayloadAction<{ ShareId: string }>) => {
      state.revoking.push(payload.ShareId);
    },
    memberShareRevokeEnded: (state, { payload }: PayloadAction<{ ShareId: string }>) => {
      state.revoking = state.revoking.filter((id) => id !== payload.ShareId);
    },
  },
  selectors: {
    selectMemberShares: (state) => state,
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof memberSharesSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = memberSharesSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectMemberSharesState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  memberSharesLoadStarted,
  memberSharesLoaded,
  memberSharesLoadFailed,
  memberShareCreateStarted,
  memberShareCreated,
  memberShareCreateFailed,
  memberShareCreatedSeen,
  memberShareRevokeStarted,
  memberShareRevokeEnded,
} = memberSharesSlice.actions;
export const { selectMemberShares } = injected.selectors;

/** The shares of one activity, newest first (share-list's order). */
export function sharesOfActivity(
  shares: readonly MemberShare[] | null,
  activityId: number,
): MemberShare[] {
  return (shares ?? []).filter(
    (share) => share.Kind === 'activity' && share.ActivityId === activityId,
  );
}

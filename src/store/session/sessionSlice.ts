import type { ErrorDetail } from '../failureDetail';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Member } from '../../api/entities/member';
import type { IdentitySession } from '../../api/identity';

/**
 * The session state machine (spec application-behaviour §4 Session): unknown (restoring a stored
 * session) → signedOut | signingIn → loadingMember (member-token login, then the member) → signedIn.
 */
export type SessionStatus = 'unknown' | 'signedOut' | 'signingIn' | 'loadingMember' | 'signedIn';

/** Why a session ended (§4: logout, sign-out, token-refresh failure, inactivity; §8 member login). */
export type LogoutReason = 'user' | 'inactivity' | 'tokenRefreshFailed' | 'memberLoginFailed';

/** A failure of the identity service: Cognito's exception name and message. */
export interface AuthFailure {
  readonly code: string;
  readonly message: string;
}

export interface SessionState {
  readonly status: SessionStatus;
  readonly identity: IdentitySession | null;
  /** The JWT the member-integration API accepts (spec §7 login-member-c2). */
  readonly memberIntegrationToken: string | null;
  readonly member: Member | null;
  /** The last sign-in failure, shown by the login screen. */
  readonly signInError: AuthFailure | null;
  /** 'Error loading member token, please try again' / 'Error loading member, please try again'. */
  readonly memberError: string | null;
}

const initialState: SessionState = {
  status: 'unknown',
  identity: null,
  memberIntegrationToken: null,
  member: null,
  signInError: null,
  memberError: null,
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    sessionRestoreRequested: (state) => state,
    sessionRestored: (state, action: PayloadAction<IdentitySession>) => {
      state.status = 'loadingMember';
      state.identity = action.payload;
    },
    sessionAbsent: (state) => {
      state.status = 'signedOut';
    },
    /** Carries the password to the sign-in epic; the action log redacts `password` (store issue). */
    signInRequested: {
      reducer: (state) => {
        state.status = 'signingIn';
        state.signInError = null;
      },
      prepare: (payload: { email: string; password: string }) => ({
        payload,
        meta: { sensitive: true },
      }),
    },
    signInSucceeded: (state, action: PayloadAction<IdentitySession>) => {
      state.status = 'loadingMember';
      state.identity = action.payload;
      state.memberError = null;
    },
    signInFailed: (state, action: PayloadAction<AuthFailure>) => {
      state.status = 'signedOut';
      state.signInError = action.payload;
    },
    /** The sign-in ended without an outcome to show (the library's "pending sign-in", spec §8). */
    signInAbandoned: (state) => {
      if (state.status === 'signingIn') state.status = 'signedOut';
    },
    /** Try the member-token login and member load again after a failure. */
    memberRetryRequested: (state) => {
      state.memberError = null;
    },
    signInErrorDismissed: (state) => {
      state.signInError = null;
    },
    identityRefreshed: (state, action: PayloadAction<IdentitySession>) => {
      state.identity = action.payload;
    },
    /**
     * The session must be refreshed now (the identity changed and the refresh after it failed): the
     * token-refresh epic refreshes at once, with its retries (src/store/session/refreshAfterChange.ts).
     */
    identityRefreshRequested: (state) => state,
    /** Carries the member-integration token, so the action log redacts it (`meta.sensitive`). */
    memberTokenLoaded: {
      reducer: (state, action: PayloadAction<string>) => {
        // A late answer after logout must not bring a session back (spec §4 "everything is cleared").
        if (!state.identity) return;
        state.memberIntegrationToken = action.payload;
      },
      prepare: (token: string) => ({ payload: token, meta: { sensitive: true } }),
    },
    memberLoginFailed: (state, action: PayloadAction<string>) => {
      state.memberError = action.payload;
    },
    memberLoaded: (state, action: PayloadAction<Member>) => {
      if (!state.identity) return;
      state.status = 'signedIn';
      state.member = action.payload;
      state.memberError = null;
    },
    /** The member accepted the terms (and chose the marketing opt-in), as the host echoed them. */
    memberTermsUpdated: (
      state,
      action: PayloadAction<{ termsAcceptedAt: number; spamMeAt: number | null }>,
    ) => {
      if (state.member) {
        state.member.TermsAcceptedTimestamp = action.payload.termsAcceptedAt;
        state.member.SpamMeTimestamp = action.payload.spamMeAt;
      }
    },
    memberLoadFailed: (state, action: PayloadAction<string>) => {
      state.memberError = action.payload;
    },
    logoutRequested: (state, _action: PayloadAction<{ reason: LogoutReason }>) => state,
    /**
     * The session ended: every member-owned slice resets on this action (rootReducer). `signOutFailure`:
     * the identity service could not revoke the session (this browser's is cleared all the same),
     * shown as 'Logout Error' with that detail (spec §8).
     */
    loggedOut: (
      _state,
      _action: PayloadAction<{ reason: LogoutReason; signOutFailure?: ErrorDetail }>,
    ) => ({
      ...initialState,
      status: 'signedOut' as const,
    }),
  },
  selectors: {
    selectSessionStatus: (state) => state.status,
    selectIdentity: (state) => state.identity,
    selectMember: (state) => state.member,
    selectSignInError: (state) => state.signInError,
    selectMemberError: (state) => state.memberError,
    selectIsAuthenticated: (state) => state.identity !== null,
    selectMemberIntegrationToken: (state) => state.memberIntegrationToken,
  },
});

export const {
  sessionRestoreRequested,
  sessionRestored,
  sessionAbsent,
  signInRequested,
  signInSucceeded,
  signInFailed,
  signInErrorDismissed,
  signInAbandoned,
  memberRetryRequested,
  identityRefreshed,
  identityRefreshRequested,
  memberTokenLoaded,
  memberLoginFailed,
  memberLoaded,
  memberLoadFailed,
  memberTermsUpdated,
  logoutRequested,
  loggedOut,
} = sessionSlice.actions;

export const {
  selectSessionStatus,
  selectIdentity,
  selectMember,
  selectSignInError,
  selectMemberError,
  selectIsAuthenticated,
  selectMemberIntegrationToken,
} = sessionSlice.selectors;

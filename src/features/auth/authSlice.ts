import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { SignUpInput } from '../../api/identity';
import { combinedReducer } from '../../store/rootReducer';
import type { AuthFailure } from '../../store/session/sessionSlice';

/** Progress of one account flow (create account, confirm e-mail, resend code …). */
export interface FlowState {
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly error: AuthFailure | null;
}

const idle: FlowState = { status: 'idle', error: null };
const pending: FlowState = { status: 'pending', error: null };
const done: FlowState = { status: 'done', error: null };
const failed = (error: AuthFailure): FlowState => ({ status: 'failed', error });

export interface AuthFlowsState {
  readonly createAccount: FlowState;
  readonly confirmEmail: FlowState;
  readonly resendCode: FlowState;
  /** The e-mail of the account being registered, carried to verify-email-address. */
  readonly pendingEmail: string | null;
}

const initialState: AuthFlowsState = {
  createAccount: idle,
  confirmEmail: idle,
  resendCode: idle,
  pendingEmail: null,
};

/** The account flows of the auth screens (spec §4 sign-up order; §7 identity operations). */
export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** Carries the password to the epic; the action log redacts sensitive actions (store issue). */
    accountCreationRequested: {
      reducer: (state) => {
        state.createAccount = pending;
      },
      prepare: (payload: SignUpInput) => ({ payload, meta: { sensitive: true } }),
    },
    accountCreated: (state, action: PayloadAction<{ email: string }>) => {
      state.createAccount = done;
      state.pendingEmail = action.payload.email;
      state.confirmEmail = idle;
    },
    accountCreationFailed: (state, action: PayloadAction<AuthFailure>) => {
      state.createAccount = failed(action.payload);
    },
    /** Carries the e-mail code, so the action log redacts it (`meta.sensitive`). */
    emailConfirmationRequested: {
      reducer: (state, _action: PayloadAction<{ email: string; code: string }>) => {
        state.confirmEmail = pending;
      },
      prepare: (payload: { email: string; code: string }) => ({
        payload,
        meta: { sensitive: true },
      }),
    },
    emailConfirmed: (state, action: PayloadAction<{ email: string }>) => {
      state.confirmEmail = done;
      state.pendingEmail = action.payload.email;
    },
    emailConfirmationFailed: (state, action: PayloadAction<AuthFailure>) => {
      state.confirmEmail = failed(action.payload);
    },
    signUpCodeResendRequested: (state, _action: PayloadAction<{ email: string }>) => {
      state.resendCode = pending;
    },
    signUpCodeResent: (state) => {
      state.resendCode = done;
    },
    signUpCodeResendFailed: (state, action: PayloadAction<AuthFailure>) => {
      state.resendCode = failed(action.payload);
    },
    /** A screen opened afresh: forget the last outcome of its flow. */
    authFlowReset: (
      state,
      action: PayloadAction<'createAccount' | 'confirmEmail' | 'resendCode'>,
    ) => {
      state[action.payload] = idle;
    },
  },
  selectors: {
    selectCreateAccountFlow: (state) => state.createAccount,
    selectConfirmEmailFlow: (state) => state.confirmEmail,
    selectResendCodeFlow: (state) => state.resendCode,
    selectPendingEmail: (state) => state.pendingEmail,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof authSlice> {}
}

/** The auth slice, injected into the store's reducer when this feature loads. */
export const injectedAuthSlice = authSlice.injectInto(combinedReducer);

export const {
  accountCreationRequested,
  accountCreated,
  accountCreationFailed,
  emailConfirmationRequested,
  emailConfirmed,
  emailConfirmationFailed,
  signUpCodeResendRequested,
  signUpCodeResent,
  signUpCodeResendFailed,
  authFlowReset,
} = authSlice.actions;

export const {
  selectCreateAccountFlow,
  selectConfirmEmailFlow,
  selectResendCodeFlow,
  selectPendingEmail,
} = injectedAuthSlice.selectors;

import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { combinedReducer } from '../../store/rootReducer';
import type { AuthFailure } from '../../store/session/sessionSlice';
import type { FlowState } from './authSlice';

const idle: FlowState = { status: 'idle', error: null };
const pending: FlowState = { status: 'pending', error: null };
const done: FlowState = { status: 'done', error: null };
const failed = (error: AuthFailure): FlowState => ({ status: 'failed', error });

/** The account flows after sign-up: forgot/reset password, change password, verify phone. */
export interface AccountFlowsState {
  readonly forgotPassword: FlowState;
  readonly resetPassword: FlowState;
  readonly changePassword: FlowState;
  readonly phoneCode: FlowState;
  readonly phoneVerify: FlowState;
  /** Verifying the e-mail of a signed-in identity (gating step 2), not a sign-up confirmation. */
  readonly emailAttributeCode: FlowState;
  readonly emailAttributeVerify: FlowState;
  /** The e-mail the reset code went to; the phone the verification code went to. */
  readonly resetEmail: string | null;
  readonly phoneNumber: string | null;
}

const initialState: AccountFlowsState = {
  forgotPassword: idle,
  resetPassword: idle,
  changePassword: idle,
  phoneCode: idle,
  phoneVerify: idle,
  emailAttributeCode: idle,
  emailAttributeVerify: idle,
  resetEmail: null,
  phoneNumber: null,
};

type FlowName =
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'phoneCode'
  | 'phoneVerify'
  | 'emailAttributeCode'
  | 'emailAttributeVerify';

export const accountSlice = createSlice({
  name: 'account',
  initialState,
  reducers: {
    passwordResetCodeRequested: (state, action: PayloadAction<{ email: string }>) => {
      state.forgotPassword = pending;
      state.resetEmail = action.payload.email;
    },
    passwordResetCodeSent: (state) => {
      state.forgotPassword = done;
    },
    passwordResetRequested: {
      reducer: (state) => {
        state.resetPassword = pending;
      },
      prepare: (payload: { email: string; code: string; password: string }) => ({
        payload,
        meta: { sensitive: true },
      }),
    },
    passwordResetDone: (state) => {
      state.resetPassword = done;
    },
    passwordChangeRequested: {
      reducer: (state) => {
        state.changePassword = pending;
      },
      prepare: (payload: { current: string; password: string }) => ({
        payload,
        meta: { sensitive: true },
      }),
    },
    passwordChanged: (state) => {
      state.changePassword = done;
    },
    phoneCodeRequested: (state, action: PayloadAction<{ phoneNumber: string }>) => {
      state.phoneCode = pending;
      state.phoneVerify = idle;
      state.phoneNumber = action.payload.phoneNumber;
    },
    phoneCodeSent: (state) => {
      state.phoneCode = done;
    },
    /** Carries the SMS code, so the action log redacts it (`meta.sensitive`). */
    phoneVerificationRequested: {
      reducer: (state, _action: PayloadAction<{ code: string }>) => {
        state.phoneVerify = pending;
      },
      prepare: (payload: { code: string }) => ({ payload, meta: { sensitive: true } }),
    },
    phoneVerified: (state) => {
      state.phoneVerify = done;
    },
    /** Gating step 2 (spec §4): a code is sent to the signed-in identity's unverified e-mail. */
    emailAttributeCodeRequested: (state) => {
      state.emailAttributeCode = pending;
    },
    emailAttributeCodeSent: (state) => {
      state.emailAttributeCode = done;
    },
    /** Carries the e-mail code, so the action log redacts it (`meta.sensitive`). */
    emailAttributeVerificationRequested: {
      reducer: (state, _action: PayloadAction<{ code: string }>) => {
        state.emailAttributeVerify = pending;
      },
      prepare: (payload: { code: string }) => ({ payload, meta: { sensitive: true } }),
    },
    emailAttributeVerified: (state) => {
      state.emailAttributeVerify = done;
    },
    /** A flow failed with the identity service's error. */
    accountFlowFailed: (state, action: PayloadAction<{ flow: FlowName; error: AuthFailure }>) => {
      state[action.payload.flow] = failed(action.payload.error);
    },
    accountFlowReset: (state, action: PayloadAction<FlowName>) => {
      state[action.payload] = idle;
    },
  },
  selectors: { selectAccountFlows: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof accountSlice> {}
}

const injected = accountSlice.injectInto(combinedReducer);

export const {
  passwordResetCodeRequested,
  passwordResetCodeSent,
  passwordResetRequested,
  passwordResetDone,
  passwordChangeRequested,
  passwordChanged,
  phoneCodeRequested,
  phoneCodeSent,
  phoneVerificationRequested,
  phoneVerified,
  emailAttributeCodeRequested,
  emailAttributeCodeSent,
  emailAttributeVerificationRequested,
  emailAttributeVerified,
  accountFlowFailed,
  accountFlowReset,
} = accountSlice.actions;
export const { selectAccountFlows } = injected.selectors;

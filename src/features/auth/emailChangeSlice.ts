import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { combinedReducer } from '../../store/rootReducer';

/**
 * member/email (spec §4 "Email change: two steps"): the availability check and step 1 send a code to
 * the new address; step 2 submits it. `errorKey` is the translation key of the last failure.
 */
export interface EmailChangeState {
  readonly step: 'enterEmail' | 'sendingCode' | 'enterCode' | 'confirming' | 'done';
  readonly newEmail: string | null;
  readonly errorKey: string | null;
}

const initialState: EmailChangeState = { step: 'enterEmail', newEmail: null, errorKey: null };

export const emailChangeSlice = createSlice({
  name: 'emailChange',
  initialState,
  reducers: {
    emailChangeCodeRequested: (state, action: PayloadAction<{ newEmail: string }>) => {
      state.step = 'sendingCode';
      state.newEmail = action.payload.newEmail;
      state.errorKey = null;
    },
    emailChangeCodeSent: (state) => {
      state.step = 'enterCode';
    },
    /** Carries the e-mail code, so the action log redacts it (`meta.sensitive`). */
    emailChangeConfirmRequested: {
      reducer: (state, _action: PayloadAction<{ code: string }>) => {
        state.step = 'confirming';
        state.errorKey = null;
      },
      prepare: (payload: { code: string }) => ({ payload, meta: { sensitive: true } }),
    },
    emailChanged: (state) => {
      state.step = 'done';
    },
    /** A failure: back to the step that failed, with the message's translation key. */
    emailChangeFailed: (
      state,
      action: PayloadAction<{ errorKey: string; step: 'enterEmail' | 'enterCode' }>,
    ) => {
      state.step = action.payload.step;
      state.errorKey = action.payload.errorKey;
    },
    emailChangeRestarted: () => initialState,
  },
  selectors: { selectEmailChange: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof emailChangeSlice> {}
}

const injected = emailChangeSlice.injectInto(combinedReducer);

export const {
  emailChangeCodeRequested,
  emailChangeCodeSent,
  emailChangeConfirmRequested,
  emailChanged,
  emailChangeFailed,
  emailChangeRestarted,
} = emailChangeSlice.actions;
export const { selectEmailChange } = injected.selectors;

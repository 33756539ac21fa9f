import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { combinedReducer } from '../../store/rootReducer';
import type { ErrorDetail } from '../../store/failureDetail';

/** The EULA and privacy policy texts shown for acceptance, and the acceptance's progress. */
export interface TermsState {
  readonly documents: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly eula: string | null;
  readonly privacy: string | null;
  readonly acceptance: 'idle' | 'pending' | 'done' | 'failed';
  /** Translation key of the last failure. */
  readonly errorKey: string | null;
  /** What failed under it (spec §8 "'Set Member Terms Error' … with detail"), when known. */
  readonly errorDetail: ErrorDetail | null;
}

const initialState: TermsState = {
  documents: 'idle',
  eula: null,
  privacy: null,
  acceptance: 'idle',
  errorKey: null,
  errorDetail: null,
};

export const termsSlice = createSlice({
  name: 'terms',
  initialState,
  reducers: {
    /** A terms page opened: a past acceptance no longer drives its navigation. */
    termsPageOpened: (state) => {
      state.acceptance = 'idle';
      state.errorKey = null;
      state.errorDetail = null;
    },
    termsDocumentsRequested: (state) => {
      state.documents = 'loading';
    },
    termsDocumentsLoaded: (state, action: PayloadAction<{ eula: string; privacy: string }>) => {
      state.documents = 'loaded';
      state.eula = action.payload.eula;
      state.privacy = action.payload.privacy;
    },
    termsDocumentsFailed: (state) => {
      state.documents = 'failed';
    },
    /** Accept the current terms; `marketing` is the separate opt-in (policy §3 Legal documents). */
    termsAcceptanceRequested: (state, _action: PayloadAction<{ marketing: boolean }>) => {
      state.acceptance = 'pending';
      state.errorKey = null;
      state.errorDetail = null;
    },
    termsAccepted: (state) => {
      state.acceptance = 'done';
    },
    termsAcceptanceFailed: (
      state,
      action: PayloadAction<{ key: string; detail?: ErrorDetail | undefined }>,
    ) => {
      state.acceptance = 'failed';
      state.errorKey = action.payload.key;
      state.errorDetail = action.payload.detail ?? null;
    },
  },
  selectors: { selectTerms: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof termsSlice> {}
}

const injected = termsSlice.injectInto(combinedReducer);

export const {
  termsPageOpened,
  termsDocumentsRequested,
  termsDocumentsLoaded,
  termsDocumentsFailed,
  termsAcceptanceRequested,
  termsAccepted,
  termsAcceptanceFailed,
} = termsSlice.actions;
export const { selectTerms } = injected.selectors;

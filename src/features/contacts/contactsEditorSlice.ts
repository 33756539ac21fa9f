import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { combinedReducer } from '../../store/rootReducer';
import type { ContactDraftOutput } from './contactDrafts';
import type { ContactsFieldMessage, ContactsSaveFailure } from './saveFailure';

/**
 * The contacts editor's save (app §7 POST emergency-contacts). The contacts themselves live in the
 * store's contacts entity slice; this is only the progress and the last failure's messages.
 */
export interface ContactsEditorState {
  readonly save: 'idle' | 'pending' | 'done' | 'failed';
  /** Translation key of the last failure's general message. */
  readonly errorKey: string | null;
  /** The last failure's messages for single fields or the list (translation keys). */
  readonly fieldMessages: readonly ContactsFieldMessage[];
  /** How many saves succeeded since the app started; an editor opened earlier sees it grow. */
  readonly savedCount: number;
}

const initialState: ContactsEditorState = {
  save: 'idle',
  errorKey: null,
  fieldMessages: [],
  savedCount: 0,
};

export const contactsEditorSlice = createSlice({
  name: 'contactsEditor',
  initialState,
  reducers: {
    /** Forget an earlier save's progress and messages (the editor closed); the count stays. */
    contactsEditorReset: (state) => ({ ...initialState, savedCount: state.savedCount }),
    /** Save the editor's contacts, in order, as the member's whole list (app §7). */
    contactsSaveRequested: (state, _action: PayloadAction<readonly ContactDraftOutput[]>) => {
      state.save = 'pending';
      state.errorKey = null;
      state.fieldMessages = [];
    },
    /** The server saved the list (its answer went to the contacts slice first). */
    contactsSaved: (state) => {
      state.save = 'done';
      state.savedCount += 1;
    },
    contactsSaveFailed: (state, action: PayloadAction<ContactsSaveFailure>) => {
      state.save = 'failed';
      state.errorKey = action.payload.errorKey;
      state.fieldMessages = [...action.payload.fieldMessages];
    },
  },
  selectors: { selectContactsEditor: (state) => state },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof contactsEditorSlice> {}
}

const injected = contactsEditorSlice.injectInto(combinedReducer);

export const { contactsEditorReset, contactsSaveRequested, contactsSaved, contactsSaveFailed } =
  contactsEditorSlice.actions;
export const { selectContactsEditor } = injected.selectors;

import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type EntityState,
  type PayloadAction,
} from '@reduxjs/toolkit';
import { contactsComplete, type EmergencyContact } from '../../api/entities/contact';
import { loggedOut } from '../session/sessionSlice';
import { NOT_LOADED, type Loadable, type LoadStatus } from './loadStatus';

/**
 * The member's emergency contacts (spec §3 "Emergency contact"), normalized by EmergencyContactID in
 * the member's saved order (the adapter keeps the order the server answered).
 */
export interface ContactsState extends EntityState<EmergencyContact, number>, Loadable {}

const adapter = createEntityAdapter({
  selectId: (contact: EmergencyContact) => contact.EmergencyContactID,
});

const initialState: ContactsState = adapter.getInitialState<Loadable>(NOT_LOADED);

export const contactsSlice = createSlice({
  name: 'contacts',
  initialState,
  reducers: {
    /** Load (or reload) the contacts from GET emergency-contacts. */
    contactsRequested: (state) => {
      state.status = 'loading';
    },
    /** The server's whole list (a load, or the answer of POST emergency-contacts). */
    contactsReceived: (state, action: PayloadAction<readonly EmergencyContact[]>) => {
      adapter.setAll(state, action.payload);
      state.status = 'loaded';
      state.received = true;
    },
    contactsLoadFailed: (state) => {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { contactsRequested, contactsReceived, contactsLoadFailed } = contactsSlice.actions;

const selectors = adapter.getSelectors((state: { contacts: ContactsState }) => state.contacts);
/** Every contact in the saved order. */
export const selectAllContacts = selectors.selectAll;
/** One contact by EmergencyContactID. */
export const selectContactById = selectors.selectById;
/** The load status of the contacts. */
export const selectContactsStatus = (state: { contacts: ContactsState }): LoadStatus =>
  state.contacts.status;

/**
 * Whether the contacts pass login gating step 5 (spec §4): at least one contact shares assistance
 * alerts and at least one shares emergency alerts. Null while they are not known (never received).
 */
export const selectContactsComplete = createSelector(
  [selectAllContacts, (state: { contacts: ContactsState }) => state.contacts.received],
  (contacts, received): boolean | null => (received ? contactsComplete(contacts) : null),
);

import { createSelector, createSlice, type EntityState } from '@reduxjs/toolkit';
import { contactsComplete, type EmergencyContact } from '../../api/entities/contact';
import { loadableEntities } from './loadableEntities';
import { loadFailed, loadRequested, type Loadable, type LoadStatus } from './loadStatus';

/**
 * The member's emergency contacts (spec §3 "Emergency contact"), normalized by EmergencyContactID in
 * the member's saved order (the adapter keeps the order the server answered).
 */
export interface ContactsState extends EntityState<EmergencyContact, number>, Loadable {}

const list = loadableEntities((contact: EmergencyContact) => contact.EmergencyContactID);
const initialState: ContactsState = list.initialState;

export const contactsSlice = createSlice({
  name: 'contacts',
  initialState,
  reducers: {
    /** Load (or reload) the contacts from GET emergency-contacts. */
    contactsRequested: loadRequested,
    /** The server's whole list (a load, or the answer of POST emergency-contacts). */
    contactsReceived: list.received,
    contactsLoadFailed: loadFailed,
  },
  extraReducers: list.extraReducers,
});

export const { contactsRequested, contactsReceived, contactsLoadFailed } = contactsSlice.actions;

const selectors = list.adapter.getSelectors((state: { contacts: ContactsState }) => state.contacts);
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

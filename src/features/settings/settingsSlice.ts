import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CommunicationOptions } from '../../api/entities/communication';
import type { ActivityType, LanguageCode, Sex } from '../../api/enums';
import { combinedReducer } from '../../store/rootReducer';

/** The three settings forms that save something (spec §2 activity-types, personal-details, communications). */
export type SettingsForm = 'activityTypes' | 'personalDetails' | 'communications';

/**
 * Why a save failed: a translation key, its interpolation values, the server's or identity service's
 * text (`detail`, shown under the message, spec §8 "… Error, with detail") and, for a rule checked in
 * the epic (minimum age), the form field it belongs to.
 */
export interface SaveError {
  readonly key: string;
  readonly params?: Readonly<Record<string, number>>;
  /** The service's own text under the message … */
  readonly detail?: string;
  /** … or a translated one (src/store/failureDetail.ts). */
  readonly detailKey?: string;
  readonly field?: 'dateOfBirth';
}

/** Where one form's save stands. */
export interface SaveState {
  readonly status: 'idle' | 'pending' | 'done' | 'failed';
  readonly error: SaveError | null;
}

/** The personal details as the form parsed them (spec §5 rules applied, §7 member-wearer-update). */
export interface PersonalDetails {
  readonly nameFirst: string;
  readonly nameLast: string;
  /** `YYYY/MM/DD` (spec §5 "Date"); the minimum age is checked by the epic against its clock. */
  readonly dateOfBirth: string;
  readonly sex: Sex;
  /** The saved form `+` and digits (spec §5 "Phone"). */
  readonly phone: string;
  readonly language: LanguageCode;
}

/** UI state of the settings feature: one save state per form. Server data lives in the wearer slice. */
export type SettingsState = Readonly<Record<SettingsForm, SaveState>>;

const IDLE: SaveState = { status: 'idle', error: null };
const initialState: SettingsState = {
  activityTypes: IDLE,
  personalDetails: IDLE,
  communications: IDLE,
};

const pending = (): SaveState => ({ status: 'pending', error: null });
const done = (): SaveState => ({ status: 'done', error: null });

export const settingsSlice = createSlice({
  name: 'settings',
  initialState,
  reducers: {
    /** Save the favourites (1 to 9, policy §5); `next` is where to go afterwards (registration). */
    activityTypesSaveRequested: (
      state,
      _action: PayloadAction<{ types: readonly ActivityType[]; next: string | null }>,
    ) => {
      state.activityTypes = pending();
    },
    activityTypesSaved: (state) => {
      state.activityTypes = done();
    },
    personalDetailsSaveRequested: (state, _action: PayloadAction<PersonalDetails>) => {
      state.personalDetails = pending();
    },
    /** Saved; `phoneChanged` says the new phone is now unverified (spec §4 "Phone change"). */
    personalDetailsSaved: (state, _action: PayloadAction<{ phoneChanged: boolean }>) => {
      state.personalDetails = done();
    },
    /**
     * Save the communication options; `marketing` is the marketing e-mail opt-in switch, turned into
     * `MarketingOptInTimestamp` by the epic (now when switched on, null when off, unchanged otherwise).
     */
    communicationsSaveRequested: (
      state,
      _action: PayloadAction<{ options: CommunicationOptions; marketing: boolean }>,
    ) => {
      state.communications = pending();
    },
    communicationsSaved: (state) => {
      state.communications = done();
    },
    settingsSaveFailed: (
      state,
      action: PayloadAction<{ form: SettingsForm; error: SaveError }>,
    ) => {
      state[action.payload.form] = { status: 'failed', error: action.payload.error };
    },
    /** A form was opened again: forget the outcome of its last save. */
    settingsSaveReset: (state, action: PayloadAction<SettingsForm>) => {
      state[action.payload] = IDLE;
    },
  },
  selectors: {
    selectActivityTypesSave: (state) => state.activityTypes,
    selectPersonalDetailsSave: (state) => state.personalDetails,
    selectCommunicationsSave: (state) => state.communications,
  },
});

declare module '../../store/rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof settingsSlice> {}
}

const injected = settingsSlice.injectInto(combinedReducer);

export const {
  activityTypesSaveRequested,
  activityTypesSaved,
  personalDetailsSaveRequested,
  personalDetailsSaved,
  communicationsSaveRequested,
  communicationsSaved,
  settingsSaveFailed,
  settingsSaveReset,
} = settingsSlice.actions;
export const { selectActivityTypesSave, selectPersonalDetailsSave, selectCommunicationsSave } =
  injected.selectors;

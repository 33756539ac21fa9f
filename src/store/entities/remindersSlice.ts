import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReminderTemplate, WearerReminder } from '../../api/entities/reminder';
import { loggedOut } from '../session/sessionSlice';
import { loadableEntities, type LoadableEntities } from './loadableEntities';
import { loadFailed, loadRequested, type LoadStatus } from './loadStatus';

/**
 * The wearer's reminders (spec application-behaviour §3 "Wearer reminder", §7
 * load-wearer-reminders), normalized by WearerReminderID in the order the server answered, with the
 * templates new ones are made from, and `wearerId`: whose reminders they are (WearerID, null before a
 * load answered).
 */
export type RemindersState = LoadableEntities<WearerReminder> & {
  readonly templates: readonly ReminderTemplate[];
  readonly wearerId: number | null;
};

/** Any state holding the reminders slice (the root state once it is registered). */
export interface RemindersSliceState {
  readonly reminders: RemindersState;
}

const list = loadableEntities((reminder: WearerReminder) => reminder.WearerReminderID);
const { adapter } = list;
const initialState: RemindersState = { ...list.initialState, templates: [], wearerId: null };

export const remindersSlice = createSlice({
  name: 'reminders',
  initialState,
  reducers: {
    /** Load (or reload) the wearer's reminders (GET load-wearer-reminders/{WearerID}). */
    remindersRequested: loadRequested,
    /** The server's whole answer for wearer `WearerID`: every reminder, and the templates. */
    remindersReceived: (
      state,
      action: PayloadAction<{
        readonly WearerID: number;
        readonly WearerReminders: readonly WearerReminder[];
        readonly ReminderTemplates: readonly ReminderTemplate[];
      }>,
    ) => {
      list.received(state, { ...action, payload: action.payload.WearerReminders });
      state.templates = [...action.payload.ReminderTemplates];
      state.wearerId = action.payload.WearerID;
    },
    remindersLoadFailed: loadFailed,
    /** One reminder as the server saved it (POST save-wearer-reminder). */
    reminderReceived: (state, action: PayloadAction<WearerReminder>) => {
      adapter.setOne(state, action.payload);
    },
    /** A reminder the server deleted (POST delete-wearer-reminder), by WearerReminderID. */
    reminderRemoved: (state, action: PayloadAction<number>) => {
      adapter.removeOne(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialState);
  },
});

export const {
  remindersRequested,
  remindersReceived,
  remindersLoadFailed,
  reminderReceived,
  reminderRemoved,
} = remindersSlice.actions;

const selectors = adapter.getSelectors((state: RemindersSliceState) => state.reminders);
/** Every reminder, in the server's order. */
export const selectAllReminders = selectors.selectAll;
/** One reminder by WearerReminderID. */
export const selectReminderById = selectors.selectById;
/** The load status of the reminders. */
export const selectRemindersStatus = (state: RemindersSliceState): LoadStatus =>
  state.reminders.status;
/** Whether the reminders were received at least once. */
export const selectRemindersReceived = (state: RemindersSliceState): boolean =>
  state.reminders.received;
/** The templates new reminders are made from. */
export const selectReminderTemplates = (state: RemindersSliceState): readonly ReminderTemplate[] =>
  state.reminders.templates;

/**
 * The reminders in the order of the day: by start time (`HH:mm`, which sorts as text), then end
 * time, then text; memoized.
 */
export const selectRemindersByStartTime = createSelector([selectAllReminders], (reminders) =>
  [...reminders].sort(
    (a, b) =>
      a.StartTime.localeCompare(b.StartTime) ||
      a.EndTime.localeCompare(b.EndTime) ||
      a.Text.localeCompare(b.Text),
  ),
);

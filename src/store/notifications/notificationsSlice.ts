import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A message shown for a while and dismissed by itself (spec §8 success and error notices). */
export interface AppNotification {
  readonly id: string;
  readonly tone: 'success' | 'error' | 'info';
  /** Translation key of the text. */
  readonly key: string;
  /** Interpolation values of the key (e.g. `{ detail }`). */
  readonly params?: Readonly<Record<string, string | number>>;
  /** How long it stays, ms (3000 ms plus 70 ms per character, spec §8). */
  readonly durationMs: number;
}

const adapter = createEntityAdapter<AppNotification>();
/**
 * Made once: `getSelectors()` builds new memoized selectors on every call, so calling it inside the
 * slice's selector gave a new array on every store change and re-rendered its screens each time.
 */
const { selectAll } = adapter.getSelectors();

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: adapter.getInitialState(),
  reducers: {
    notificationShown: (state, action: PayloadAction<AppNotification>) => {
      adapter.addOne(state, action.payload);
    },
    notificationDismissed: (state, action: PayloadAction<{ id: string }>) => {
      adapter.removeOne(state, action.payload.id);
    },
  },
  selectors: {
    selectNotifications: (state) => selectAll(state),
  },
});

export const { notificationShown, notificationDismissed } = notificationsSlice.actions;
export const { selectNotifications } = notificationsSlice.selectors;

import {
  createEntityAdapter,
  createSelector,
  createSlice,
  type EntityState,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { isAlertOpen, type Alert } from '../../api/entities/alert';
import { activityDetailLoaded } from './activityEvents';
import { combinedReducer } from '../rootReducer';

/** The alerts the app has seen (spec §3 alerts, §4 "Alert close states"), normalized by AlertID. */
export type AlertsState = EntityState<Alert, number>;

/** Newest first; ties by id. */
const adapter = createEntityAdapter<Alert, number>({
  selectId: (alert) => alert.AlertID,
  sortComparer: (a, b) => b.TimestampStart - a.TimestampStart || b.AlertID - a.AlertID,
});

export const alertsSlice = createSlice({
  name: 'alerts',
  initialState: adapter.getInitialState(),
  reducers: {
    /** Alerts as a server answered them (e.g. a shared view's); each replaces its earlier self. */
    alertsReceived: (state, action: PayloadAction<readonly Alert[]>) => {
      adapter.setMany(state, action.payload);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(activityDetailLoaded, (state, { payload: { detail } }) => {
      // A detail that lists its alerts lists all of them: the activity's others are gone.
      if (detail.Alerts === undefined) return;
      const listed = new Set(detail.Alerts.map((alert) => alert.AlertID));
      const gone = Object.values(state.entities)
        .filter((alert) => alert.ActivityId === detail.ActivityId && !listed.has(alert.AlertID))
        .map((alert) => alert.AlertID);
      adapter.removeMany(state, gone);
      adapter.setMany(state, detail.Alerts);
    });
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof alertsSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = alertsSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectAlertsState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const { alertsReceived } = alertsSlice.actions;

type WithAlerts = { alerts?: AlertsState };
const selectors = adapter.getSelectors((state: WithAlerts) => selectAlertsState(state));

/** Every known alert, newest first. */
export const selectAllAlerts = selectors.selectAll;
/** One alert by AlertID. */
export const selectAlertById = selectors.selectById;

/** The alerts raised during one activity, newest first (memoized per state and id). */
export const selectAlertsOfActivity = createSelector(
  [selectAllAlerts, (_state: WithAlerts, activityId: number) => activityId],
  (alerts, activityId) => alerts.filter((alert) => alert.ActivityId === activityId),
);

/** The alerts that can still be acted on (policy §4), newest first. */
export const selectOpenAlerts = createSelector([selectAllAlerts], (alerts) =>
  alerts.filter(isAlertOpen),
);

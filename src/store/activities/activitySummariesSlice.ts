import { addActivityEditCases } from './activityEditCases';
import {
  createEntityAdapter,
  createSlice,
  type EntityState,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { ActivitySummary } from '../../api/entities/activity';
import { loadFailed, loadRequested, NOT_LOADED, type Loadable } from '../entities/loadStatus';
import { wearerTelemetryReceived } from '../realtime/realtimeSlice';
import { activityDeleted, activityDeleteFailed } from './activityEditActions';
import {
  activityDetailLoaded,
  activityRemoved,
  liveActivityChanges,
  type LoadedDetail,
} from './activityEvents';
import {
  activityOverlaps,
  windowHull,
  windowsMeet,
  type SummaryWindowRequest,
  type TimeWindow,
} from './summaryWindow';
import { combinedReducer } from '../rootReducer';

/**
 * The member's activity summaries (spec §3 "Activity summary"), normalized by ActivityId and kept
 * newest start first, with `window`: the one contiguous time window (epoch ms) whose activities are
 * all loaded, null before the first load (spec §9 Data windows: cached summaries are topped up); and
 * `hasHistoricActivity`: whether the wearer has any activity at all (spec §7
 * member-wearer-has-historic-activity, or a loaded summary), null while not known.
 */
export interface ActivitySummariesState extends EntityState<ActivitySummary, number>, Loadable {
  readonly window: TimeWindow | null;
  readonly hasHistoricActivity: boolean | null;
}

/** Newest start first; ties by id, so the order is total. */
export const summariesAdapter = createEntityAdapter<ActivitySummary, number>({
  selectId: (summary) => summary.ActivityId,
  sortComparer: (a, b) => b.TimestampStart - a.TimestampStart || b.ActivityId - a.ActivityId,
});

const initialState: ActivitySummariesState = summariesAdapter.getInitialState({
  ...NOT_LOADED,
  window: null,
  hasHistoricActivity: null,
});

/** A summary request: the window (defaults: 365 days up to now) and `force` to refetch it. */
export interface SummariesRequest extends SummaryWindowRequest {
  readonly force?: boolean;
}

/** The summary fields of a detail. */
function summaryOf(detail: LoadedDetail): ActivitySummary {
  const { ActivityId, ActivityType, TimestampStart, TimestampEnd, ActivityStats, Status } = detail;
  return {
    ActivityId,
    ActivityType,
    TimestampStart,
    TimestampEnd,
    ActivityStats,
    ...(Status === undefined ? {} : { Status }),
  };
}

export const activitySummariesSlice = createSlice({
  name: 'activitySummaries',
  initialState,
  reducers: {
    /**
     * Load the summaries of a window (payload {@link SummariesRequest}, epoch ms): only what the
     * cache lacks is fetched unless `force` (the summaries epic).
     */
    activitySummariesRequested: (state, _action: PayloadAction<SummariesRequest>) => state,
    activitySummariesLoadStarted: loadRequested,
    /**
     * The answers of the loads of the `fetched` windows (epoch ms). Activities of those windows the
     * answer lacks were deleted and leave the cache; the window grows by each fetched window that
     * meets it (the first load sets it).
     */
    activitySummariesLoaded: (
      state,
      action: PayloadAction<{
        fetched: readonly TimeWindow[];
        Activities: readonly ActivitySummary[];
      }>,
    ) => {
      const { fetched, Activities } = action.payload;
      const answered = new Set(Activities.map((summary) => summary.ActivityId));
      const gone = Object.values(state.entities)
        .filter((summary) => !answered.has(summary.ActivityId))
        .filter((summary) =>
          fetched.some((window) =>
            activityOverlaps(summary.TimestampStart, summary.TimestampEnd, window),
          ),
        )
        .map((summary) => summary.ActivityId);
      summariesAdapter.removeMany(state, gone);
      summariesAdapter.setMany(state, Activities);
      for (const window of fetched) {
        if (state.window === null) state.window = window;
        else if (windowsMeet(state.window, window)) state.window = windowHull(state.window, window);
      }
      state.status = 'loaded';
      state.received = true;
      if (Activities.length > 0) state.hasHistoricActivity = true;
    },
    activitySummariesLoadFailed: loadFailed,
    /** Ask whether the wearer has any activity at all, once (the has-historic-activity epic). */
    hasHistoricActivityRequested: (state) => state,
    /** The answer of member-wearer-has-historic-activity. */
    hasHistoricActivityLoaded: (state, action: PayloadAction<{ HasHistoricActivity: boolean }>) => {
      state.hasHistoricActivity = action.payload.HasHistoricActivity;
    },
  },
  extraReducers: (builder) => {
    addActivityEditCases(builder, summariesAdapter)
      .addCase(activityDetailLoaded, (state, { payload: { detail } }) => {
        const known = state.entities[detail.ActivityId] !== undefined;
        const inWindow =
          state.window !== null &&
          activityOverlaps(detail.TimestampStart, detail.TimestampEnd, state.window);
        if (known || inWindow) summariesAdapter.setOne(state, summaryOf(detail));
      })
      // After a removal the wearer may have none left: asked again next time.
      .addCase(activityRemoved, (state, { payload }) => {
        summariesAdapter.removeOne(state, payload.ActivityId);
        state.hasHistoricActivity = null;
      })
      .addCase(activityDeleted, (state, { payload }) => {
        summariesAdapter.removeOne(state, payload.ActivityId);
        state.hasHistoricActivity = null;
      })
      .addCase(activityDeleteFailed, (state, { payload }) => {
        if (payload.previous.summary) summariesAdapter.setOne(state, payload.previous.summary);
      })
      .addCase(wearerTelemetryReceived, (state, { payload }) => {
        // Live figures of an open activity (spec §7 TelemetryWearerUpdate) until its next reload.
        for (const update of payload.updates) {
          const id = update.ActivityId;
          if (id === null || state.entities[id] === undefined) continue;
          summariesAdapter.updateOne(state, { id, changes: liveActivityChanges(update) });
        }
      });
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof activitySummariesSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = activitySummariesSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectActivitySummariesState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  activitySummariesRequested,
  activitySummariesLoadStarted,
  activitySummariesLoaded,
  activitySummariesLoadFailed,
  hasHistoricActivityRequested,
  hasHistoricActivityLoaded,
} = activitySummariesSlice.actions;

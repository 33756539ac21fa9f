import { addActivityEditCases } from './activityEditCases';
import {
  createEntityAdapter,
  createSlice,
  original,
  type Draft,
  type EntityState,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { LoadStatus } from '../entities/loadStatus';
import { wearerTelemetryReceived } from '../realtime/realtimeSlice';
import { toDetailRecord, type ActivityDetailRecord } from './activityDetailRecord';
import {
  activityDeleted,
  activityDeleteFailed,
  activitySplitsSaved,
  activitySplitsSaveFailed,
} from './activityEditActions';
import {
  activityDetailLoaded,
  activityRemoved,
  liveActivityChanges,
  sharedActivityReleased,
} from './activityEvents';
import { combinedReducer } from '../rootReducer';

/**
 * Where the detail of one activity stands: `status` of its load ('loading' from the moment a load is
 * queued until it answers), `reloadRequested` when a forced reload was asked for while it was
 * loading (it runs once the current load answers, so answers never arrive out of order), and
 * `missing` when the last load failed because the server has no such activity of the member (404).
 */
export interface DetailLoad {
  readonly status: LoadStatus;
  readonly reloadRequested: boolean;
  readonly missing?: boolean;
}

/**
 * The activity details loaded so far (spec §3 "Activity detail"; §4 "load lazily"), normalized by
 * ActivityId, and the load of each id asked for (`loads`, also for ids whose first load failed).
 */
export interface ActivityDetailsState extends EntityState<ActivityDetailRecord, number> {
  readonly loads: Readonly<Record<number, DetailLoad>>;
}

/** The details adapter, keyed by ActivityId. */
export const detailsAdapter = createEntityAdapter<ActivityDetailRecord, number>({
  selectId: (detail) => detail.ActivityId,
});

const initialState: ActivityDetailsState = detailsAdapter.getInitialState({ loads: {} });

/**
 * A detail request (spec §4): `force` reloads even an activity that ended over an hour ago or one
 * being loaded; `preload` marks the previous activity's preload (it preloads nothing further).
 */
export interface DetailRequest {
  readonly ActivityId: number;
  readonly force?: boolean;
  readonly preload?: boolean;
}

type IdPayload = PayloadAction<{ ActivityId: number }>;

export const activityDetailsSlice = createSlice({
  name: 'activityDetails',
  initialState,
  reducers: {
    /** Load a detail if it is needed (the detail epics decide; payload {@link DetailRequest}). */
    activityDetailRequested: (state, _action: PayloadAction<DetailRequest>) => state,
    /** A load of the detail was queued (at most 4 run at once). */
    activityDetailLoadQueued: (state, { payload }: IdPayload) => {
      state.loads[payload.ActivityId] = { status: 'loading', reloadRequested: false };
    },
    /** A forced reload was asked for while the detail was loading. */
    activityDetailReloadRequested: (state, { payload }: IdPayload) => {
      const load = state.loads[payload.ActivityId];
      if (load) load.reloadRequested = true;
    },
    /**
     * The load failed (`missing`: the server has no such activity of the member); a detail loaded
     * before stays.
     */
    activityDetailLoadFailed: (
      state,
      { payload }: PayloadAction<{ ActivityId: number; missing?: boolean }>,
    ) => {
      const load = state.loads[payload.ActivityId];
      state.loads[payload.ActivityId] = {
        status: 'failed',
        reloadRequested: load?.reloadRequested ?? false,
        ...(payload.missing ? { missing: true } : {}),
      };
    },
  },
  extraReducers: (builder) => {
    const forget = (state: Draft<ActivityDetailsState>, { payload }: IdPayload) => {
      detailsAdapter.removeOne(state, payload.ActivityId);
      state.loads = Object.fromEntries(
        Object.entries(state.loads).filter(([id]) => Number(id) !== payload.ActivityId),
      );
    };
    addActivityEditCases(builder, detailsAdapter)
      .addCase(activityDetailLoaded, (state, { payload: { detail, via } }) => {
        detailsAdapter.setOne(state, toDetailRecord(detail));
        if (via === 'share') return;
        const load = state.loads[detail.ActivityId];
        state.loads[detail.ActivityId] = {
          status: 'loaded',
          reloadRequested: load?.reloadRequested ?? false,
        };
      })
      .addCase(activityRemoved, forget)
      .addCase(sharedActivityReleased, forget)
      .addCase(activityDeleted, forget)
      .addCase(activityDeleteFailed, (state, { payload }) => {
        if (!payload.previous.detail) return;
        detailsAdapter.setOne(state, payload.previous.detail);
        state.loads[payload.ActivityId] = { status: 'loaded', reloadRequested: false };
      })
      .addCase(activitySplitsSaved, (state, { payload }) => {
        detailsAdapter.updateOne(state, {
          id: payload.ActivityId,
          changes: { SplitsSettings: payload.SplitsSettings },
        });
      })
      .addCase(activitySplitsSaveFailed, (state, { payload }) => {
        detailsAdapter.updateOne(state, {
          id: payload.ActivityId,
          changes: { SplitsSettings: payload.previous.SplitsSettings },
        });
      })
      .addCase(wearerTelemetryReceived, (draft, { payload }) => {
        // Outside immer, as liveWearersSlice: a frame of live telemetry changes a few details of
        // many, and drafting them copied the entities record through the draft and had immer walk
        // it again to finalize and freeze, on every frame. A frozen result is skipped by both.
        const state = original(draft) as ActivityDetailsState;
        let entities: Record<number, ActivityDetailRecord> | null = null;
        for (const update of payload.updates) {
          const id = update.ActivityId;
          const detail = id === null ? undefined : (entities ?? state.entities)[id];
          if (id === null || detail === undefined) continue;
          entities ??= { ...state.entities };
          const changes = liveActivityChanges(update);
          if (changes.ActivityStats) {
            Object.freeze(changes.ActivityStats.Distance);
            Object.freeze(changes.ActivityStats);
          }
          entities[id] = Object.freeze({ ...detail, ...changes });
        }
        if (entities === null) return undefined;
        Object.freeze(entities);
        return Object.freeze({ ...state, entities });
      });
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof activityDetailsSlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = activityDetailsSlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectActivityDetailsState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const {
  activityDetailRequested,
  activityDetailLoadQueued,
  activityDetailReloadRequested,
  activityDetailLoadFailed,
} = activityDetailsSlice.actions;

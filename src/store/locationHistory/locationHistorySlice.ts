import {
  createSlice,
  original,
  type Draft,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { ActivityDetail } from '../../api/entities/activity';
import type { LocationPoint } from '../../api/entities/location';
import type { TrackBinaryColumns } from '../../api/trackBinary';
import { wearerTelemetryReceived } from '../realtime/realtimeSlice';
import { loggedOut } from '../session/sessionSlice';
import { sharedActivityReleased } from '../activities/activityEvents';
import { heartRatesOf, mergeByActivity, type FixHeartRate } from './telemetryPoints';
import {
  stagedHistoryStarted,
  withColumnsLoaded,
  withHistoryLoaded,
  withHeartRateAt,
  withPointsAdded,
  withStagedHistory,
  type TrackEntry,
} from './trackEntry';
import { combinedReducer } from '../rootReducer';

/**
 * The location history of activities (spec §3 "Activity detail" LocationHistory; ARCHITECTURE.md §4;
 * issue 6 item 2), one columnar track per ActivityId (see trackEntry.ts for how typed arrays live in
 * this serializable state, columnarTrack.ts for the layout). Read it through the selectors in
 * locationHistorySelectors.ts.
 */
export interface LocationHistoryState {
  readonly tracks: Readonly<Record<number, TrackEntry>>;
  /**
   * Long histories still arriving in parts (historyLoad.ts), by ActivityId: screens keep showing
   * `tracks` until the last part moves the whole history there.
   */
  readonly staging: Readonly<Record<number, TrackEntry>>;
}

/**
 * A full history as the activity detail carries it (an ActivityDetail fits): `LocationHistory` in any
 * order; `TimestampEnd` (epoch ms, null while the activity is open) is optional: when it is null,
 * points the store already has after the history's last point are kept.
 */
export interface HistoryLoadedPayload {
  readonly ActivityId: ActivityDetail['ActivityId'];
  readonly LocationHistory: readonly LocationPoint[];
  readonly TimestampEnd?: ActivityDetail['TimestampEnd'];
  /**
   * Set when a long history arrives in parts (historyLoad.ts): part `index` of `count` (0-based),
   * `LocationHistory` holding that part's points (in time order), `totalPoints` the whole history's.
   * Parts are staged; the last one replaces the track as a whole history would.
   */
  readonly part?: HistoryPart;
}

/**
 * The payload of `trackColumnsLoaded`: an activity's LocationHistory as columns (typed arrays; the
 * action log writes them losslessly, src/store/actionLog/typedArrays.ts) and its `TimestampEnd`
 * (null while open).
 */
export interface TrackColumnsLoadedPayload {
  readonly ActivityId: number;
  readonly Columns: TrackBinaryColumns;
  readonly TimestampEnd: number | null;
}

/** Which part of a long history a `historyLoaded` carries. */
export interface HistoryPart {
  readonly index: number;
  readonly count: number;
  readonly totalPoints: number;
}

const initialState: LocationHistoryState = { tracks: {}, staging: {} };

/**
 * The state before this action, outside immer: entries are immutable values replaced whole, so the
 * reducers never draft them (nor the typed arrays they carry).
 */
function baseOf(draft: Draft<LocationHistoryState>): LocationHistoryState {
  return original(draft);
}

/** `record` without the key `activityId` (`record` itself when it has none). */
function without<T>(
  record: Readonly<Record<number, T>>,
  activityId: number,
): Readonly<Record<number, T>> {
  if (!(activityId in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([key]) => Number(key) !== activityId));
}

/**
 * `state` with `byActivity`'s points added to each activity's track in amortized O(1) per in-order
 * point; late points merged by time, repeated times dropped (first wins); then each of `heartRates`
 * set on its stored fix where the track reads otherwise (a reading that came after its fix: O(log n)
 * to find that it is already there, O(n) copy when it is not). Undefined (no change) when every point
 * and reading was already stored.
 */
function withTelemetry(
  state: Draft<LocationHistoryState>,
  byActivity: Readonly<Record<number, readonly LocationPoint[]>>,
  heartRates: readonly FixHeartRate[],
): LocationHistoryState | undefined {
  const { tracks, staging } = baseOf(state);
  // One copy of the record for the whole action, made at the first change.
  let next: Record<number, TrackEntry> | null = null;
  for (const [key, points] of Object.entries(byActivity)) {
    const activityId = Number(key);
    const entry = withPointsAdded(tracks[activityId], activityId, points);
    if (entry !== undefined && entry !== tracks[activityId]) {
      next ??= { ...tracks };
      next[activityId] = entry;
    }
  }
  for (const { activityId, time, bpm } of heartRates) {
    const current = (next ?? tracks)[activityId];
    const entry = withHeartRateAt(current, activityId, time, bpm);
    if (entry !== undefined && entry !== current) {
      next ??= { ...tracks };
      next[activityId] = entry;
    }
  }
  // Frozen: immer's finalize and auto-freeze stop at a frozen result instead of walking every
  // activity's entry on every frame of live telemetry.
  if (next === null) return undefined;
  Object.freeze(next);
  return Object.freeze({ tracks: next, staging });
}

/** `state` without the track of `payload.ActivityId` (every track without a payload). */
function forgetTrack(
  state: Draft<LocationHistoryState>,
  payload: { readonly ActivityId: number } | undefined,
): LocationHistoryState | undefined {
  if (payload === undefined) return initialState;
  const { tracks, staging } = baseOf(state);
  const id = payload.ActivityId;
  if (!(id in tracks) && !(id in staging)) return undefined;
  return { tracks: without(tracks, id), staging: without(staging, id) };
}

export const locationHistorySlice = createSlice({
  name: 'locationHistory',
  initialState,
  reducers: {
    /**
     * An activity's full LocationHistory loaded (activity detail): it replaces the stored track,
     * sorted by Time and deduplicated (first point of a Time wins); see {@link HistoryLoadedPayload}.
     * With `part`, one part of a long history: parts build a staged track (appended in place), and
     * the last part replaces the stored track with it, as the whole history would.
     */
    historyLoaded: (state, { payload }: PayloadAction<HistoryLoadedPayload>) => {
      const { tracks, staging } = baseOf(state);
      const { ActivityId, part } = payload;
      const keepNewer = payload.TimestampEnd === null;
      if (part === undefined) {
        const entry = withHistoryLoaded(
          tracks[ActivityId],
          ActivityId,
          payload.LocationHistory,
          keepNewer,
        );
        return {
          tracks: { ...tracks, [ActivityId]: entry },
          staging: without(staging, ActivityId),
        };
      }
      const started = staging[ActivityId];
      // A later part whose load was replaced (its first part is gone) changes nothing.
      if (part.index > 0 && started === undefined) return undefined;
      const staged =
        part.index === 0 || started === undefined
          ? stagedHistoryStarted(ActivityId, payload.LocationHistory, part.totalPoints)
          : (withPointsAdded(started, ActivityId, payload.LocationHistory) ?? started);
      if (part.index < part.count - 1)
        return { tracks, staging: { ...staging, [ActivityId]: staged } };
      const entry = withStagedHistory(tracks[ActivityId], ActivityId, staged, keepNewer);
      return { tracks: { ...tracks, [ActivityId]: entry }, staging: without(staging, ActivityId) };
    },
    /**
     * An activity's full LocationHistory loaded as columns (member-wearer-activity-track): it replaces
     * the stored track as {@link historyLoaded} does, with no parts — the columns are copied in one
     * pass (trackEntry.withColumnsLoaded). `TimestampEnd` null (open activity) keeps newer points.
     */
    trackColumnsLoaded: (state, { payload }: PayloadAction<TrackColumnsLoadedPayload>) => {
      const { tracks, staging } = baseOf(state);
      const { ActivityId } = payload;
      const entry = withColumnsLoaded(
        tracks[ActivityId],
        ActivityId,
        payload.Columns,
        payload.TimestampEnd === null,
      );
      return { tracks: { ...tracks, [ActivityId]: entry }, staging: without(staging, ActivityId) };
    },
    /** Forget one activity's track (`{ ActivityId }`), or every track (no payload). */
    historyCleared: (state, { payload }: PayloadAction<{ ActivityId: number } | undefined>) =>
      forgetTrack(state, payload),
  },
  extraReducers: (builder) => {
    // A shared activity no view shows any more lets its track go (sharedViewEpics.ts).
    builder.addCase(sharedActivityReleased, (state, { payload }) => forgetTrack(state, payload));
    // Spec §4: on logout everything is cleared (rootReducer resets every slice too).
    builder.addCase(loggedOut, () => initialState);
    // One frame's live telemetry (at most one action per animation frame, socketEventActions.ts).
    builder.addCase(wearerTelemetryReceived, (state, { payload }) =>
      withTelemetry(state, mergeByActivity(payload.updates), heartRatesOf(payload.updates)),
    );
  },
});

declare module '../rootReducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof locationHistorySlice> {}
}

/**
 * The slice in the store's reducer: it is injected when this module loads, with the part of the app
 * that uses it (src/store/epicRegistry.ts), not in the login route's JS (issue 7).
 */
const injected = locationHistorySlice.injectInto(combinedReducer);

/** The slice's state in the root state; its initial state until the slice is in the store. */
export const selectLocationHistoryState = (state: Parameters<typeof injected.selectSlice>[0]) =>
  injected.selectSlice(state);

export const { historyLoaded, historyCleared, trackColumnsLoaded } = locationHistorySlice.actions;

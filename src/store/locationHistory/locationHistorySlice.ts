import { createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { ActivityDetail } from '../../api/entities/activity';
import type { LocationPoint } from '../../api/entities/location';
import { wearerTelemetryReceived } from '../realtime/realtimeSlice';
import { loggedOut } from '../session/sessionSlice';
import { mergeByActivity } from './telemetryPoints';
import { withHistoryLoaded, withPointsAdded, type TrackEntry } from './trackEntry';

/**
 * The location history of activities (spec §3 "Activity detail" LocationHistory; ARCHITECTURE.md §4;
 * issue 6 item 2), one columnar track per ActivityId (see trackEntry.ts for how typed arrays live in
 * this serializable state, columnarTrack.ts for the layout). Read it through the selectors in
 * locationHistorySelectors.ts.
 */
export interface LocationHistoryState {
  readonly tracks: Readonly<Record<number, TrackEntry>>;
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
}

/** Points to add to tracks, by ActivityId, each list in arrival order. */
export interface HistoryPointsAppendedPayload {
  readonly byActivity: Readonly<Record<number, readonly LocationPoint[]>>;
}

const initialState: LocationHistoryState = { tracks: {} };

/**
 * The state before this action, outside immer: entries are immutable values replaced whole, so the
 * reducers never draft them (nor the typed arrays they carry).
 */
function baseOf(draft: Draft<LocationHistoryState>): LocationHistoryState {
  return original(draft);
}

/**
 * `state` with `byActivity`'s points added to each activity's track in amortized O(1) per in-order
 * point; late points merged by time, repeated times dropped (first wins). Undefined (no change) when
 * every point was already stored.
 */
function withPointsByActivity(
  state: Draft<LocationHistoryState>,
  byActivity: HistoryPointsAppendedPayload['byActivity'],
): LocationHistoryState | undefined {
  const { tracks } = baseOf(state);
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
  return next === null ? undefined : { tracks: next };
}

export const locationHistorySlice = createSlice({
  name: 'locationHistory',
  initialState,
  reducers: {
    /**
     * An activity's full LocationHistory loaded (activity detail): it replaces the stored track,
     * sorted by Time and deduplicated (first point of a Time wins); see {@link HistoryLoadedPayload}.
     */
    historyLoaded: (state, { payload }: PayloadAction<HistoryLoadedPayload>) => {
      const { tracks } = baseOf(state);
      const entry = withHistoryLoaded(
        tracks[payload.ActivityId],
        payload.ActivityId,
        payload.LocationHistory,
        payload.TimestampEnd === null,
      );
      return { tracks: { ...tracks, [payload.ActivityId]: entry } };
    },
    /**
     * Points added to tracks (the later parts of a long history loaded in parts, historyLoad.ts):
     * see {@link withPointsByActivity}.
     */
    historyPointsAppended: (state, { payload }: PayloadAction<HistoryPointsAppendedPayload>) =>
      withPointsByActivity(state, payload.byActivity),
    /** Forget one activity's track (`{ ActivityId }`), or every track (no payload). */
    historyCleared: (state, { payload }: PayloadAction<{ ActivityId: number } | undefined>) => {
      if (payload === undefined) return initialState;
      const { tracks } = baseOf(state);
      if (!(payload.ActivityId in tracks)) return undefined;
      const rest = Object.entries(tracks).filter(([key]) => Number(key) !== payload.ActivityId);
      return { tracks: Object.fromEntries(rest) };
    },
  },
  extraReducers: (builder) => {
    // Spec §4: on logout everything is cleared (rootReducer resets every slice too).
    builder.addCase(loggedOut, () => initialState);
    // One frame's live telemetry (at most one action per animation frame, socketEventActions.ts).
    builder.addCase(wearerTelemetryReceived, (state, { payload }) =>
      withPointsByActivity(state, mergeByActivity(payload.updates)),
    );
  },
});

export const { historyLoaded, historyPointsAppended, historyCleared } =
  locationHistorySlice.actions;

import { createSelector } from '@reduxjs/toolkit';
import type { LocationPoint } from '../../api/entities/location';
import { columnsPoint, type TrackColumns } from './columnViews';
import type { LocationHistoryState } from './locationHistorySlice';
import { trackColumns, type TrackEntry } from './trackEntry';
import { selectLocationHistoryState } from './locationHistorySlice';

/*
 * Selectors of the columnar location history (ARCHITECTURE.md §4: screens read through memoized
 * selectors). Every result is stable while the activity's track is unchanged: an entry is replaced
 * exactly when its version changes, and the derived values are memoized per entry (RTK 2
 * `createSelector` memoizes by argument identity in a WeakMap), so deck.gl layers get the same `data`
 * object until new points arrive.
 */

type WithLocationHistory = { readonly locationHistory?: LocationHistoryState };

/** The time span of a track: first and last `Time`, epoch ms. */
export interface TrackTimeRange {
  readonly start: number;
  readonly end: number;
}

/** The store entry of an activity's track (metadata: length, version, first/last time), if any. */
export const selectTrackEntry = (
  state: WithLocationHistory,
  activityId: number,
): TrackEntry | undefined => selectLocationHistoryState(state).tracks[activityId];

/**
 * The activity's track as columns for deck.gl binary attributes (`time` epoch ms, `positions`
 * interleaved [lon, lat] degrees, `alt` m, `speed` m/s, `hacc` m, `heartRate` bpm, NaN unknown; see
 * columnarTrack.ts),
 * shared views that must not be written to; empty columns when the activity has no track.
 */
export const selectTrackColumns = (state: WithLocationHistory, activityId: number): TrackColumns =>
  trackColumns(selectTrackEntry(state, activityId));

/** The track's version (0 without a track), e.g. for deck.gl `updateTriggers`. */
export const selectTrackVersion = (state: WithLocationHistory, activityId: number): number =>
  selectTrackEntry(state, activityId)?.version ?? 0;

/** The activity's latest point (by Time) in the contract's shape, null without points. */
export const selectLastPoint = createSelector([selectTrackEntry], (entry): LocationPoint | null =>
  entry === undefined || entry.length === 0
    ? null
    : columnsPoint(trackColumns(entry), entry.length - 1),
);

/** A heart rate reading of the track: `bpm` beats per minute at `Time` (epoch ms, device time). */
export interface HeartRateReading {
  readonly bpm: number;
  readonly Time: number;
}

/**
 * The newer of two readings (by device time; `a` on a tie), null when both are: the track's newest
 * ({@link selectLatestHeartRate}) against the live one of a TelemetryWearerUpdate, which may be a
 * reading that came after its fix (a late VITALS) and is not in the track yet.
 */
export function newerHeartRate(
  a: HeartRateReading | null,
  b: HeartRateReading | null,
): HeartRateReading | null {
  if (a === null) return b;
  if (b === null) return a;
  return b.Time > a.Time ? b : a;
}

/**
 * How far back from the newest point {@link selectLatestHeartRate} looks, in points: 15 minutes at
 * 1 Hz. An older reading is no longer the wearer's heart rate "now", and the scan stays bounded.
 */
export const HEART_RATE_LOOKBACK_POINTS = 900;

/**
 * The activity's newest heart rate reading among its last {@link HEART_RATE_LOOKBACK_POINTS} points
 * (the points' optional HeartRate, docs/decisions.md "Heart rate"), null when none has one — a
 * phone app never measures it. Memoized per track version.
 */
export const selectLatestHeartRate = createSelector(
  [selectTrackEntry],
  (entry): HeartRateReading | null => {
    if (entry === undefined) return null;
    const { heartRate, time } = trackColumns(entry);
    const stop = Math.max(0, entry.length - HEART_RATE_LOOKBACK_POINTS);
    for (let i = entry.length - 1; i >= stop; i -= 1) {
      const bpm = heartRate[i];
      if (bpm !== undefined && !Number.isNaN(bpm)) return { bpm, Time: time[i] ?? 0 };
    }
    return null;
  },
);

/** First and last Time of the activity's track (epoch ms), null without points. */
export const selectTrackTimeRange = createSelector(
  [selectTrackEntry],
  (entry): TrackTimeRange | null =>
    entry?.firstTime == null || entry.lastTime === null
      ? null
      : { start: entry.firstTime, end: entry.lastTime },
);

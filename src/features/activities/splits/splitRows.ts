import type { SplitsSettings } from '../../../api/entities/splits';
import { haversineMeters } from '../../../api/geo/haversine';

/**
 * The part of a columnar track the splits need (src/store/locationHistory/columnViews.ts): `time`
 * epoch ms ascending, `positions` interleaved [lon, lat] degrees, `alt` metres and `heartRate` bpm
 * with NaN for unknown (`heartRate` may be absent: no readings).
 */
export interface SplitTrack {
  readonly length: number;
  readonly time: ArrayLike<number>;
  readonly positions: ArrayLike<number>;
  readonly alt: ArrayLike<number>;
  readonly heartRate?: ArrayLike<number>;
}

/**
 * One row of the Splits tab (policy §2 "Splits columns: distance, elevation, average heart rate,
 * split index, average speed"), in SI units for the formatting module:
 * - `index`: 1 for the first split;
 * - `distanceM`: metres covered in the split (haversine, R = 6372.8 km);
 * - `durationMs`: the split's elapsed time;
 * - `elevationM`: altitude at its end minus altitude at its start, m (null without altitudes);
 * - `heartRateAvgBpm`: mean of the heart rate readings in it (null without readings);
 * - `speedAvgMps`: distance over elapsed time, m/s (null for a split of no duration).
 */
export interface SplitRow {
  readonly index: number;
  readonly distanceM: number;
  readonly durationMs: number;
  readonly elevationM: number | null;
  readonly heartRateAvgBpm: number | null;
  readonly speedAvgMps: number | null;
}

/** A split being filled: where it began (metres, ms) and what it has seen. */
interface OpenSplit {
  startM: number;
  startMs: number;
  firstAlt: number | null;
  lastAlt: number | null;
  heartSum: number;
  heartCount: number;
}

/** Relative slack, of a split's length, within which a cut counts as reached. */
const CUT_TOLERANCE = 1e-9;

const finite = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) ? value : null;

function openSplit(startM: number, startMs: number, alt: number | null): OpenSplit {
  return { startM, startMs, firstAlt: alt, lastAlt: alt, heartSum: 0, heartCount: 0 };
}

function closeSplit(split: OpenSplit, index: number, endM: number, endMs: number): SplitRow {
  const distanceM = endM - split.startM;
  const durationMs = endMs - split.startMs;
  return {
    index,
    distanceM,
    durationMs,
    elevationM:
      split.firstAlt !== null && split.lastAlt !== null ? split.lastAlt - split.firstAlt : null,
    heartRateAvgBpm: split.heartCount > 0 ? split.heartSum / split.heartCount : null,
    speedAvgMps: durationMs > 0 ? distanceM / (durationMs / 1000) : null,
  };
}

/** Altitude a fraction `f` of the way from `a` to `b`, either known one when the other is not. */
function altitudeBetween(a: number | null, b: number | null, f: number): number | null {
  if (a !== null && b !== null) return a + (b - a) * f;
  return a ?? b;
}

/**
 * The splits of a track by `settings` (app §7 member-wearer-activity-splits; policy §3 split types):
 * DISTANCE_KM cuts every `Distance` km travelled, TIME_MINUTES every `Time` minutes from the first
 * fix. A cut falling between two fixes is placed by linear interpolation along that segment (time,
 * distance and altitude), so every split but the last has exactly the chosen length; the last split
 * holds the rest and is left out when empty. Heart rate readings count in the split their fix lies in.
 * Pure; O(n + splits). Returns [] for a track of fewer than two fixes.
 */
export function splitRows(track: SplitTrack, settings: SplitsSettings): SplitRow[] {
  const n = track.length;
  if (n < 2) return [];
  const byDistance = settings.SplitType === 'DISTANCE_KM';
  const step = byDistance ? settings.Distance * 1000 : settings.Time * 60_000;
  const t0 = track.time[0] ?? 0;
  const rows: SplitRow[] = [];
  let split = openSplit(0, t0, finite(track.alt[0]));
  let travelledM = 0;
  const seeHeartRate = (i: number) => {
    const bpm = finite(track.heartRate?.[i]);
    if (bpm === null) return;
    split.heartSum += bpm;
    split.heartCount += 1;
  };
  seeHeartRate(0);
  for (let i = 1; i < n; i += 1) {
    const fromMs = track.time[i - 1] ?? 0;
    const toMs = track.time[i] ?? 0;
    const segmentM = haversineMeters(
      { lon: track.positions[2 * i - 2] ?? 0, lat: track.positions[2 * i - 1] ?? 0 },
      { lon: track.positions[2 * i] ?? 0, lat: track.positions[2 * i + 1] ?? 0 },
    );
    const fromAlt = finite(track.alt[i - 1]);
    const toAlt = finite(track.alt[i]);
    const keyFrom = byDistance ? travelledM : fromMs - t0;
    const keyLength = byDistance ? segmentM : toMs - fromMs;
    // Every cut inside this segment closes a split there and opens the next one. A cut within a
    // rounding error of the segment's end counts as reached: summed haversine lengths drift by
    // nanometres, and a track ending on a cut must not leave a split a hair short.
    const keyTo = keyFrom + keyLength + step * CUT_TOLERANCE;
    for (let cut = (rows.length + 1) * step; keyLength > 0 && cut <= keyTo;) {
      const f = Math.min(1, (cut - keyFrom) / keyLength);
      const cutAlt = altitudeBetween(fromAlt, toAlt, f);
      if (cutAlt !== null) {
        split.lastAlt = cutAlt;
        split.firstAlt ??= cutAlt;
      }
      const cutM = travelledM + segmentM * f;
      const cutMs = fromMs + (toMs - fromMs) * f;
      rows.push(closeSplit(split, rows.length + 1, cutM, cutMs));
      split = openSplit(cutM, cutMs, cutAlt);
      cut = (rows.length + 1) * step;
    }
    travelledM += segmentM;
    if (toAlt !== null) {
      split.firstAlt ??= toAlt;
      split.lastAlt = toAlt;
    }
    seeHeartRate(i);
  }
  const last = closeSplit(split, rows.length + 1, travelledM, track.time[n - 1] ?? t0);
  if (last.distanceM > 0 || last.durationMs > 0) rows.push(last);
  return rows;
}

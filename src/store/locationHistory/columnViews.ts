import type { LocationPoint } from '../../api/entities/location';

/*
 * The read side of a columnar track (issue 6 item 2): the column views a track hands out
 * (columnarTrack.ts makes them) and what selectors compute from them, without the track itself.
 */

/**
 * Read-only views of a track's stored points, index i being point i in time order (see
 * columnarTrack.ts for units and precision): `time` epoch ms; `positions` interleaved
 * [lon, lat] degrees, `2 × length` values; `alt` m, `speed` m/s, `hacc` m and `heartRate` beats per
 * minute, each with NaN for unknown.
 * `version` identifies the content along one track's history (deck.gl `updateTriggers`).
 * The arrays are shared with the track: never write to them.
 */
export interface TrackColumns {
  readonly length: number;
  readonly version: number;
  readonly time: Float64Array;
  readonly positions: Float64Array;
  readonly alt: Float32Array;
  readonly speed: Float32Array;
  readonly hacc: Float32Array;
  readonly heartRate: Float32Array;
}

/** The columns of a track with no points (version 0). */
export const EMPTY_TRACK_COLUMNS: TrackColumns = Object.freeze({
  length: 0,
  version: 0,
  time: new Float64Array(0),
  positions: new Float64Array(0),
  alt: new Float32Array(0),
  speed: new Float32Array(0),
  hacc: new Float32Array(0),
  heartRate: new Float32Array(0),
});

/**
 * Point `index` of `columns` as the contract shapes it: Time epoch ms, X/Y degrees, Alt m, Speed m/s,
 * Hacc m, NaN columns as null; `HeartRate` (bpm) left out when unknown, as the server sends it.
 * @throws RangeError when `index` is not an integer in [0, columns.length).
 */
export function columnsPoint(columns: TrackColumns, index: number): LocationPoint {
  if (!Number.isInteger(index) || index < 0 || index >= columns.length) {
    throw new RangeError(`ColumnarTrack: no point ${index} in a track of ${columns.length}`);
  }
  const point: LocationPoint = {
    Time: columns.time[index] ?? Number.NaN,
    X: columns.positions[2 * index] ?? Number.NaN,
    Y: columns.positions[2 * index + 1] ?? Number.NaN,
    Hacc: nullIfNaN(columns.hacc[index]),
    Alt: nullIfNaN(columns.alt[index]),
    Speed: nullIfNaN(columns.speed[index]),
  };
  const heartRate = nullIfNaN(columns.heartRate[index]);
  if (heartRate !== null) point.HeartRate = heartRate;
  return point;
}

/** The first index of `columns` whose time is ≥ `time` (epoch ms); `length` when none is. O(log n). */
export function columnsLowerBound(columns: TrackColumns, time: number): number {
  return lowerBoundOf(columns.time, columns.length, time);
}

/**
 * The first index in `times[0, length)` (ascending epoch ms) whose value is ≥ `time`; `length` when
 * none is. Binary search, O(log n).
 */
export function lowerBoundOf(times: Float64Array, length: number, time: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] ?? Number.NaN) < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

function nullIfNaN(value: number | undefined): number | null {
  return value === undefined || Number.isNaN(value) ? null : value;
}

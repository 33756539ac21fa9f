import type { TrackColumnsLike } from './trackAttributes';

/** A replayed position: [lon, lat] degrees, heading degrees clockwise from north (null at rest). */
export interface ReplayPosition {
  readonly lon: number;
  readonly lat: number;
  readonly headingDeg: number | null;
  /** Index of the last point at or before the time. */
  readonly index: number;
}

/** The first index whose time is > `timeMs` (binary search over ascending epoch ms). */
function upperBound(time: Float64Array, length: number, timeMs: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((time[middle] ?? Infinity) <= timeMs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Initial bearing from a to b, degrees clockwise from north, in [0, 360). */
function bearing(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const rad = Math.PI / 180;
  const y = Math.sin((lon2 - lon1) * rad) * Math.cos(lat2 * rad);
  const x =
    Math.cos(lat1 * rad) * Math.sin(lat2 * rad) -
    Math.sin(lat1 * rad) * Math.cos(lat2 * rad) * Math.cos((lon2 - lon1) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/**
 * Where a track was at `timeMs` (epoch ms) during a replay (issue 7 item 3): linearly interpolated
 * between the fixes around it (a time-based replay, not point by point), clamped to the first and last
 * fix; the heading is the bearing of the segment being travelled (null when it has no length). O(log
 * n) per call, so it runs every animation frame on a 600,000-point track. Null without points.
 */
export function positionAt(columns: TrackColumnsLike, timeMs: number): ReplayPosition | null {
  const n = columns.length;
  if (n === 0) return null;
  const after = upperBound(columns.time, n, timeMs);
  const i = Math.max(0, after - 1);
  const j = Math.min(n - 1, after);
  const lon1 = columns.positions[2 * i] ?? 0;
  const lat1 = columns.positions[2 * i + 1] ?? 0;
  const lon2 = columns.positions[2 * j] ?? 0;
  const lat2 = columns.positions[2 * j + 1] ?? 0;
  const t1 = columns.time[i] ?? 0;
  const t2 = columns.time[j] ?? 0;
  const f = t2 > t1 ? Math.min(1, Math.max(0, (timeMs - t1) / (t2 - t1))) : 0;
  const moved = lon1 !== lon2 || lat1 !== lat2;
  return {
    lon: lon1 + (lon2 - lon1) * f,
    lat: lat1 + (lat2 - lat1) * f,
    headingDeg: moved ? bearing(lon1, lat1, lon2, lat2) : null,
    index: after === 0 ? 0 : i,
  };
}

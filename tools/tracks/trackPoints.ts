import type { TrackPoint } from './track';

/**
 * Lowest altitude kept, metres: the shore of the Dead Sea (about −430 m) with a margin. Below it a
 * reading is a recorder's placeholder or a broken barometer (the Valencia sailing file reports −500 m
 * for most of a race on the sea) and becomes null.
 */
export const TRACK_MIN_ALT_M = -450;
/**
 * Highest altitude kept, metres: a little above Everest (8 849 m). Above it a reading is junk (the
 * Valencia sailing file climbs to 9 433 m on the water) and becomes null. Values inside the range are
 * kept as recorded: the range removes placeholders and wild readings, not every poor one.
 */
export const TRACK_MAX_ALT_M = 9_000;
/** Highest ground speed kept, m/s (the server's own sanity limit, src/api/ingest.ts); faster → null. */
export const TRACK_MAX_SPEED_MPS = 300;
/** Highest heart rate kept, beats per minute; zero, negative or higher readings → null. */
export const TRACK_MAX_HEART_RATE_BPM = 300;

/**
 * A point as a file reader found it, before checks: `timeMs` epoch ms, `lat`/`lon` degrees, `altM` m,
 * `speedMps` m/s, `heartRateBpm` per minute; null (or NaN) where the file has no usable value.
 */
export interface RawTrackPoint {
  readonly timeMs: number | null;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly altM: number | null;
  readonly speedMps: number | null;
  readonly heartRateBpm: number | null;
}

function finite(value: number | null): value is number {
  return value !== null && Number.isFinite(value);
}

function within(value: number | null, min: number, max: number): number | null {
  return finite(value) && value >= min && value <= max ? value : null;
}

/**
 * The usable points of one track, in time order (issue 5 item 6):
 * - a point without a time, or without a latitude in [−90, 90] and a longitude in [−180, 180], is
 *   skipped;
 * - altitude outside [{@link TRACK_MIN_ALT_M}, {@link TRACK_MAX_ALT_M}], speed outside
 *   [0, {@link TRACK_MAX_SPEED_MPS}] and heart rate outside (0, {@link TRACK_MAX_HEART_RATE_BPM}] become
 *   null;
 * - the points are sorted by time (stable), and of several points at exactly the same time only the
 *   first is kept, so times strictly increase.
 * Never throws.
 */
export function toTrackPoints(raw: Iterable<RawTrackPoint>): TrackPoint[] {
  const points: TrackPoint[] = [];
  for (const point of raw) {
    const { timeMs, lat, lon } = point;
    if (!finite(timeMs) || !finite(lat) || !finite(lon)) continue;
    if (Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const heartRate = within(point.heartRateBpm, 0, TRACK_MAX_HEART_RATE_BPM);
    points.push({
      timeMs,
      lat,
      lon,
      altM: within(point.altM, TRACK_MIN_ALT_M, TRACK_MAX_ALT_M),
      speedMps: within(point.speedMps, 0, TRACK_MAX_SPEED_MPS),
      heartRateBpm: heartRate === 0 ? null : heartRate,
    });
  }
  points.sort((a, b) => a.timeMs - b.timeMs);
  return points.filter((point, index) => index === 0 || points[index - 1]?.timeMs !== point.timeMs);
}

import { TRACK_MAX_SPEED_MPS, type TrackPoint } from '../tracks';

/** Mean Earth radius, metres (IUGG), for great-circle distances. */
const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Great-circle (haversine) distance between two positions in degrees, metres. */
export function distanceM(
  a: Pick<TrackPoint, 'lat' | 'lon'>,
  b: Pick<TrackPoint, 'lat' | 'lon'>,
): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLon = (b.lon - a.lon) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from `a` to `b`, degrees clockwise from true north in [0, 360). */
export function bearingDeg(
  a: Pick<TrackPoint, 'lat' | 'lon'>,
  b: Pick<TrackPoint, 'lat' | 'lon'>,
): number {
  const φ1 = a.lat * RADIANS;
  const φ2 = b.lat * RADIANS;
  const dλ = (b.lon - a.lon) * RADIANS;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  const degrees = Math.atan2(y, x) / RADIANS;
  return (degrees + 360) % 360;
}

/** Ground speed (m/s) and course over ground (degrees, [0, 360)) of one fix; null when unknown. */
export interface FixMotion {
  readonly speedMps: number | null;
  readonly bearingDeg: number | null;
}

/**
 * Speed and course of each point of a track (times strictly increasing), as a GPS would report them:
 * the recorded speed when the file has one, else the distance over the time from the previous point
 * (for the first point: to the next one), null above {@link TRACK_MAX_SPEED_MPS} (a position jump, not
 * a movement); the course along the same leg, null when the leg has no length (standing still).
 */
export function fixMotions(points: readonly TrackPoint[]): FixMotion[] {
  return points.map((point, index) => {
    const before = points[index - 1];
    const after = points[index + 1];
    const [from, to] = before ? [before, point] : after ? [point, after] : [point, point];
    const metres = distanceM(from, to);
    const seconds = (to.timeMs - from.timeMs) / 1000;
    const derived = seconds > 0 ? metres / seconds : null;
    const speedMps =
      point.speedMps ?? (derived !== null && derived <= TRACK_MAX_SPEED_MPS ? derived : null);
    return { speedMps, bearingDeg: metres > 0 ? bearingDeg(from, to) : null };
  });
}

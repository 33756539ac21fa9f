/**
 * Earth radius for distances, in metres (application-behaviour §9 "Earth radius for distance
 * 6372.8 km"). Client and server measure with this one value so their distances agree.
 */
export const EARTH_RADIUS_M = 6_372_800;

/** A position in WGS 84 degrees: `lat` latitude in [-90, 90], `lon` longitude in [-180, 180]. */
export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Great-circle distance between two positions in metres, by the haversine formula on a sphere of
 * radius {@link EARTH_RADIUS_M} (application-behaviour §9). Inputs in degrees (WGS 84); answers 0 for
 * equal positions and at most half the circumference (≈ 20 020 km) for antipodes. Symmetric; the
 * rounding clamp keeps `asin` defined when floating-point error pushes its argument above 1.
 */
export function haversineMeters(from: LatLon, to: LatLon): number {
  const dLat = (to.lat - from.lat) * RADIANS_PER_DEGREE;
  const dLon = (to.lon - from.lon) * RADIANS_PER_DEGREE;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(from.lat * RADIANS_PER_DEGREE) *
      Math.cos(to.lat * RADIANS_PER_DEGREE) *
      Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

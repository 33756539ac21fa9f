import type { LonLatBounds } from './MapView';

/** The box of one position, degrees: `[lon, lat, lon, lat]` as [west, south, east, north]. */
export function pointBounds(lon: number, lat: number): LonLatBounds {
  return [lon, lat, lon, lat];
}

/**
 * The smallest box ([west, south, east, north] degrees) holding every known box; null when none is
 * known. Boxes across the antimeridian are not handled (none of our maps spans it).
 */
export function unionBounds(boxes: readonly (LonLatBounds | null)[]): LonLatBounds | null {
  const known = boxes.filter((b): b is LonLatBounds => b !== null);
  if (known.length === 0) return null;
  return [
    Math.min(...known.map((b) => b[0])),
    Math.min(...known.map((b) => b[1])),
    Math.max(...known.map((b) => b[2])),
    Math.max(...known.map((b) => b[3])),
  ];
}

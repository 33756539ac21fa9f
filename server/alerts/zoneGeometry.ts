import { bbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { lineString, polygon as turfPolygon } from '@turf/helpers';
import { pointToLineDistance } from '@turf/point-to-line-distance';
import type { ZoneKind } from '../../src/api/enums';
import { haversineMeters, type LatLon } from '../../src/api/geo/haversine';
import { GEOFENCE_CLEARING_BAND_M } from './clearingBands';

/*
 * Zone geometry for the geofence rule (app §3 "Zones": CIRCLE, POLYGON, BEACON; SAFETY, DANGER).
 * A SAFETY zone is where the wearer should stay: being outside every SAFETY zone is a violation. A
 * DANGER zone is where the wearer should not be: being inside any is a violation. A BEACON zone is a
 * radio beacon: with known coordinates it counts as a circle of the GEOFENCE threshold (default
 * 5 km, app §9); without them it has no position to test and is left to the device.
 */

/** A zone as the rules test it: `radiusM` in metres, rings as [lon, lat] degrees. */
export type ZoneShape =
  | {
      readonly zoneId: number;
      readonly kind: ZoneKind;
      readonly shape: 'CIRCLE';
      readonly center: LatLon;
      readonly radiusM: number;
    }
  | {
      readonly zoneId: number;
      readonly kind: ZoneKind;
      readonly shape: 'POLYGON';
      readonly ring: readonly (readonly [number, number])[];
    };

/** A polygon zone's ring closed (first point repeated at the end), [lon, lat] degrees. */
function closedRing(zone: Extract<ZoneShape, { shape: 'POLYGON' }>): number[][] {
  const ring = zone.ring.map(([lon, lat]) => [lon, lat]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
  return ring;
}

/** Whether `position` lies inside `zone` (on the edge counts as inside). */
export function isInsideZone(position: LatLon, zone: ZoneShape): boolean {
  if (zone.shape === 'CIRCLE') return haversineMeters(zone.center, position) <= zone.radiusM;
  const ring = closedRing(zone);
  if (ring.length < 4) return false;
  return booleanPointInPolygon([position.lon, position.lat], turfPolygon([ring]));
}

/** How far `position` lies from `zone`'s edge, m (inside or out). */
function distanceToEdgeM(position: LatLon, zone: ZoneShape): number {
  if (zone.shape === 'CIRCLE')
    return Math.abs(haversineMeters(zone.center, position) - zone.radiusM);
  return pointToLineDistance([position.lon, position.lat], lineString(closedRing(zone)), {
    units: 'meters',
  });
}

/** The clearing band of `zone`, m: {@link GEOFENCE_CLEARING_BAND_M}, at most a quarter of its width. */
function clearingBandM(zone: ZoneShape): number {
  if (zone.shape === 'CIRCLE') return Math.min(GEOFENCE_CLEARING_BAND_M, zone.radiusM / 2);
  const [west, south, east, north] = bbox(turfPolygon([closedRing(zone)]));
  const middle = (south + north) / 2;
  const width = Math.min(
    haversineMeters({ lat: middle, lon: west }, { lat: middle, lon: east }),
    haversineMeters({ lat: south, lon: west }, { lat: north, lon: west }),
  );
  return Math.min(GEOFENCE_CLEARING_BAND_M, width / 4);
}

/**
 * Whether `position` is safe with room to spare, so that an open GEOFENCE alert closes as ZONE_SAFE
 * (clearingBands.ts): outside every DANGER zone and, when there are SAFETY zones, inside one of them,
 * each by at least the zone's clearing band ({@link GEOFENCE_CLEARING_BAND_M}; a quarter of a narrow
 * zone's width). A fix within a band of an edge on the safe side leaves the alert as it is.
 */
export function isClearOfZoneEdges(position: LatLon, zones: readonly ZoneShape[]): boolean {
  const clear = (zone: ZoneShape) =>
    // A ring of fewer than three corners has no inside (isInsideZone): nothing to clear.
    (zone.shape === 'POLYGON' && closedRing(zone).length < 4) ||
    distanceToEdgeM(position, zone) >= clearingBandM(zone);
  const safety = zones.filter((zone) => zone.kind === 'SAFETY');
  const insideSafety =
    safety.length === 0 || safety.some((zone) => isInsideZone(position, zone) && clear(zone));
  const outOfDanger = zones
    .filter((zone) => zone.kind === 'DANGER')
    .every((zone) => !isInsideZone(position, zone) && clear(zone));
  return insideSafety && outOfDanger;
}

/**
 * The geofence verdict at `position`: `violated` when outside every SAFETY zone (if there are any) or
 * inside a DANGER zone; `distanceKm` how far outside the nearest SAFETY circle (km, 0 when inside or
 * when the nearest is a polygon). No zones → never violated.
 */
export function geofenceVerdict(
  position: LatLon,
  zones: readonly ZoneShape[],
): { readonly violated: boolean; readonly distanceKm: number } {
  const safety = zones.filter((zone) => zone.kind === 'SAFETY');
  const insideSafety = safety.some((zone) => isInsideZone(position, zone));
  const insideDanger = zones.some((zone) => zone.kind === 'DANGER' && isInsideZone(position, zone));
  const outside = safety.length > 0 && !insideSafety;
  let distanceKm = 0;
  if (outside) {
    const gaps = safety
      .filter((zone) => zone.shape === 'CIRCLE')
      .map((zone) => haversineMeters(zone.center, position) - zone.radiusM);
    distanceKm = gaps.length > 0 ? Math.max(0, Math.min(...gaps)) / 1000 : 0;
  }
  return { violated: outside || insideDanger, distanceKm };
}

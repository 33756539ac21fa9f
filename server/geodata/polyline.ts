/**
 * A ring position as GeoJSON orders it: `[lon, lat]` in WGS 84 degrees.
 */
export type LonLat = [number, number];

/** Decimal places of the extract's polylines (scripts/geodata/polyline.mjs): 1e-5 degrees. */
const POLYLINE_FACTOR = 1e5;

/**
 * Decodes an encoded polyline (Google's "Encoded Polyline Algorithm Format", precision 5; latitude
 * before longitude per point) into `[lon, lat]` degree pairs, in the order encoded. The coastline
 * extract stores open rings this way (docs/rescue-coverage.md "The extract file").
 * @throws {Error} when the text ends inside a value or holds a character outside `?`..`~`
 */
export function decodePolyline(encoded: string): LonLat[] {
  const points: LonLat[] = [];
  let index = 0;
  const next = (): number => {
    let shift = 0;
    let result = 0;
    for (;;) {
      if (index >= encoded.length) throw new Error('Encoded polyline ends inside a value');
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) throw new Error(`Invalid polyline character at ${index - 1}`);
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  let lat = 0;
  let lon = 0;
  while (index < encoded.length) {
    lat += next();
    lon += next();
    points.push([lon / POLYLINE_FACTOR, lat / POLYLINE_FACTOR]);
  }
  return points;
}

/**
 * Decodes an open ring and closes it (first position repeated last), as GeoJSON and turf require.
 * @throws {Error} as {@link decodePolyline}, or when the ring has fewer than 3 positions
 */
export function decodeRing(encoded: string): LonLat[] {
  const ring = decodePolyline(encoded);
  const first = ring[0];
  if (!first || ring.length < 3) throw new Error('A ring needs at least 3 positions');
  ring.push([first[0], first[1]]);
  return ring;
}

// Encoded polyline (Google's "Encoded Polyline Algorithm Format", precision 5): the compact text form
// the coastline extract stores its rings in. The server decodes it in server/geodata/polyline.ts.

/** Decimal places kept: 1e-5 degrees, about 1.1 m of latitude. */
export const POLYLINE_PRECISION = 5;

const FACTOR = 10 ** POLYLINE_PRECISION;

function encodeSigned(value) {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = '';
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/**
 * Rounds a ring of `[lon, lat]` degree pairs to the polyline precision and drops consecutive duplicate
 * points and the closing point (the decoder closes rings again).
 * @param {ReadonlyArray<readonly [number, number]>} ring a GeoJSON linear ring, lon/lat degrees
 * @returns {Array<[number, number]>} the open ring as integer 1e-5 degree pairs `[lonE5, latE5]`
 */
export function quantizeRing(ring) {
  const out = [];
  for (const [lon, lat] of ring) {
    const q = [Math.round(lon * FACTOR), Math.round(lat * FACTOR)];
    const last = out[out.length - 1];
    if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (out.length > 1 && first[0] === last[0] && first[1] === last[1]) out.pop();
  return out;
}

/**
 * Encodes an open ring of integer `[lonE5, latE5]` pairs (from {@link quantizeRing}) as an encoded
 * polyline: latitude then longitude per point, each as the zig-zag delta to the previous point.
 * @param {ReadonlyArray<readonly [number, number]>} points
 * @returns {string} characters in the range `?`..`~` (63..126); never contains a space
 */
export function encodePolyline(points) {
  let out = '';
  let prevLat = 0;
  let prevLon = 0;
  for (const [lon, lat] of points) {
    out += encodeSigned(lat - prevLat) + encodeSigned(lon - prevLon);
    prevLat = lat;
    prevLon = lon;
  }
  return out;
}

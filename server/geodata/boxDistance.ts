/** A longitude/latitude box in degrees: `[west, south, east, north]`, west ≤ east (no antimeridian wrap). */
export type BBox = readonly [number, number, number, number];

const RAD = Math.PI / 180;

/** Whether the point (degrees) lies in the box, edges included. */
export function boxContains(box: BBox, lat: number, lon: number): boolean {
  return lon >= box[0] && lon <= box[2] && lat >= box[1] && lat <= box[3];
}

/**
 * The smaller cosine of the box's south and north edges: the least cos φ of any point in the box
 * (cosine is concave on [-90°, 90°]). Precompute it per box for {@link minAngleToBoxRad}.
 */
export function boxMinCos(box: BBox): number {
  return Math.max(0, Math.min(Math.cos(box[1] * RAD), Math.cos(box[3] * RAD)));
}

/**
 * A lower bound of the great-circle angle, in radians, between the point (degrees) and any point of
 * the box. From the haversine identity hav(d) = hav(Δφ) + cos φ₁ cos φ₂ hav(Δλ): |Δφ| is at least the
 * latitude gap, Δλ at least the (wrapped) longitude gap, φ₁ is the point's latitude and cos φ₂ is at
 * least {@link boxMinCos}, so the bound never exceeds the true distance. Used to skip far coastline
 * chunks (server/geodata/landIndex.ts); times the Earth radius gives a length.
 * @param minCos the box's {@link boxMinCos}, when precomputed
 */
export function minAngleToBoxRad(
  box: BBox,
  lat: number,
  lon: number,
  minCos: number = boxMinCos(box),
): number {
  const [west, south, east, north] = box;
  const latGap = lat < south ? south - lat : lat > north ? lat - north : 0;
  let lonGap = 0;
  if (lon < west || lon > east) {
    const wrap = (d: number): number => ((d % 360) + 360) % 360;
    lonGap = Math.min(wrap(west - lon), wrap(lon - east), 180);
  }
  const hav =
    Math.sin((latGap * RAD) / 2) ** 2 +
    Math.cos(lat * RAD) * minCos * Math.sin((lonGap * RAD) / 2) ** 2;
  return 2 * Math.asin(Math.min(1, Math.sqrt(hav)));
}

/**
 * The latitude gap alone, in radians, between the point and the box: a cheaper, weaker lower bound
 * than {@link minAngleToBoxRad} (any path is at least as long as its change of latitude).
 */
export function latitudeGapRad(box: BBox, lat: number): number {
  return (lat < box[1] ? box[1] - lat : lat > box[3] ? lat - box[3] : 0) * RAD;
}

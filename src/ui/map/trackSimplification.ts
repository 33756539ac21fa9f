import type { TrackDerived } from './trackDerivation';

/*
 * Level of detail for drawn tracks (issue 7 targets replay.fjord and journey.7day). A track of tens of
 * thousands of fixes seen at a zoom where many fixes share a pixel costs the renderer per vertex for
 * nothing: on Mesa llvmpipe the 24,000-point fjord day costs ~4× the bare basemap's frame while
 * replaying, and drawing 1 point in 8 cuts that cost ~3× (bench replay.fjord). So tracks are drawn
 * through Douglas–Peucker simplification with a tolerance of half a pixel at the zoom shown: no visible
 * change, a fraction of the vertices.
 *
 * Each point's importance is computed once per track version: the Douglas–Peucker deviation (metres)
 * at which the point enters the simplified line, clamped so a point is never more important than the
 * split that contains it. Keeping the points whose importance is at least a tolerance then gives
 * exactly the Douglas–Peucker line for that tolerance, and each zoom level's subset is one O(n) pass.
 */

/** Earth radius for the local projection, m (spec §9's haversine radius). */
const EARTH_RADIUS_M = 6_372_800;
/** Web Mercator's equator length in metres over MapLibre's 512-px world at zoom 0. */
const EQUATOR_M_PER_PX_Z0 = 40_075_016.686 / 512;
/** Largest error a simplified track may show, px. */
export const SIMPLIFY_TOLERANCE_PX = 0.5;
/** From this zoom on, every point is drawn (street level, ~0.3 m per pixel). */
const FULL_DETAIL_ZOOM = 19;

/**
 * Per point, the Douglas–Peucker deviation (m) at which it is kept; Infinity for the first and last
 * point. `positions` holds interleaved [lon, lat] degrees of `length` points. Distances are measured in
 * a local equirectangular projection about the track's first point (m; exact enough over a day's
 * track for a visual tolerance). O(n log n) for a typical track, O(n²) at worst; ~50 ms for 86,400
 * points, so large tracks run it off the main thread (trackDerivations.ts).
 */
export function computeImportance(positions: Float64Array, length: number): Float32Array {
  const n = length;
  const importance = new Float32Array(n);
  if (n === 0) return importance;
  const p = positions;
  const lat0 = ((p[1] ?? 0) * Math.PI) / 180;
  const kx = (EARTH_RADIUS_M * Math.PI * Math.cos(lat0)) / 180;
  const ky = (EARTH_RADIUS_M * Math.PI) / 180;
  // Projected once (m): the inner loop below reads each point many times.
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    xs[i] = (p[2 * i] ?? 0) * kx;
    ys[i] = (p[2 * i + 1] ?? 0) * ky;
  }
  importance[0] = Infinity;
  importance[n - 1] = Infinity;
  // Segments [first, last] with the importance cap of the split that made them.
  const stack: number[] = [0, n - 1, Infinity];
  while (stack.length > 0) {
    const cap = stack.pop() ?? Infinity;
    const last = stack.pop() ?? 0;
    const first = stack.pop() ?? 0;
    if (last - first < 2) continue;
    const ax = xs[first] ?? 0;
    const ay = ys[first] ?? 0;
    const dx = (xs[last] ?? 0) - ax;
    const dy = (ys[last] ?? 0) - ay;
    const lengthSq = dx * dx + dy * dy;
    let worst = first + 1;
    let worstSq = -1;
    for (let i = first + 1; i < last; i += 1) {
      const px = (xs[i] ?? 0) - ax;
      const py = (ys[i] ?? 0) - ay;
      // Distance to the segment (to its nearer end beyond either end).
      const t = lengthSq > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / lengthSq)) : 0;
      const ex = px - t * dx;
      const ey = py - t * dy;
      const dSq = ex * ex + ey * ey;
      if (dSq > worstSq) {
        worstSq = dSq;
        worst = i;
      }
    }
    const value = Math.min(cap, Math.sqrt(worstSq));
    importance[worst] = value;
    stack.push(first, worst, value, worst, last, value);
  }
  return importance;
}

/** The tolerance of zoom level `zoom` (whole levels) at latitude `latDeg`, m: half a pixel at `zoom + 1`. */
export function toleranceMetres(zoom: number, latDeg: number): number {
  const metresPerPx =
    (EQUATOR_M_PER_PX_Z0 * Math.cos((latDeg * Math.PI) / 180)) / 2 ** (Math.floor(zoom) + 1);
  return SIMPLIFY_TOLERANCE_PX * metresPerPx;
}

/**
 * A track's drawn subset: the kept points (time order kept) with the per-point attributes layers
 * need: speed colours (RGBA) and seconds after the track's first point (for TripsLayer; the first
 * point is always kept, so the times match the whole track's).
 */
export interface SimplifiedTrack {
  readonly length: number;
  /** Kept points' [lon, lat] pairs, degrees. */
  readonly positions: Float64Array;
  /** Kept points' colours, RGBA 0–255. */
  readonly colours: Uint8Array;
  /** Kept points' seconds after the track's first point. */
  readonly seconds: Float32Array;
  /** The track's version and zoom level this subset was made for (a layer's update trigger). */
  readonly key: string;
}

/** The whole derived track as a {@link SimplifiedTrack} (no copy). */
function wholeTrack(derived: TrackDerived): SimplifiedTrack {
  return {
    length: derived.length,
    positions: derived.positions,
    colours: derived.colours,
    seconds: derived.seconds,
    key: `${String(derived.version)}:all`,
  };
}

const levels = new WeakMap<TrackDerived, Map<number, SimplifiedTrack>>();

/**
 * The points of a derived track worth drawing at `zoom` (MapLibre zoom; whole levels, 512-px world):
 * the Douglas–Peucker line with a tolerance of {@link SIMPLIFY_TOLERANCE_PX} at that level. Cached per
 * derived track and zoom level; from zoom {@link FULL_DETAIL_ZOOM} on, or for tracks under 3 points,
 * the whole track.
 */
export function simplifiedTrack(derived: TrackDerived, zoom: number): SimplifiedTrack {
  const level = Math.max(0, Math.floor(zoom));
  if (level >= FULL_DETAIL_ZOOM || derived.length < 3) return wholeTrack(derived);
  let byZoom = levels.get(derived);
  if (!byZoom) {
    byZoom = new Map();
    levels.set(derived, byZoom);
  }
  const hit = byZoom.get(level);
  if (hit) return hit;
  const { importance } = derived;
  const tolerance = toleranceMetres(level, derived.positions[1] ?? 0);
  let kept = 0;
  for (let i = 0; i < derived.length; i += 1) if ((importance[i] ?? 0) >= tolerance) kept += 1;
  const positions = new Float64Array(2 * kept);
  const colours = new Uint8Array(4 * kept);
  const seconds = new Float32Array(kept);
  let k = 0;
  for (let i = 0; i < derived.length; i += 1) {
    if ((importance[i] ?? 0) < tolerance) continue;
    positions[2 * k] = derived.positions[2 * i] ?? 0;
    positions[2 * k + 1] = derived.positions[2 * i + 1] ?? 0;
    colours.set(derived.colours.subarray(4 * i, 4 * i + 4), 4 * k);
    seconds[k] = derived.seconds[i] ?? 0;
    k += 1;
  }
  const track = {
    length: kept,
    positions,
    colours,
    seconds,
    key: `${String(derived.version)}:${String(level)}`,
  };
  byZoom.set(level, track);
  return track;
}

import { haversineMeters } from '../../api/geo/haversine';

/**
 * A track as columns (the shape src/store/locationHistory hands out; restated here because `ui` does
 * not import the store): `time` epoch ms ascending; `positions` interleaved [lon, lat] degrees
 * (`2 × length` values); `speed` m/s and `hacc` m with NaN for unknown; `version` changes whenever the
 * content does. The arrays are shared: never write to them.
 */
export interface TrackColumnsLike {
  readonly length: number;
  readonly version: number;
  readonly time: Float64Array;
  readonly positions: Float64Array;
  readonly speed: Float32Array;
  readonly hacc: Float32Array;
}

/** The columns speed colours are computed from (see {@link TrackColumnsLike}). */
export type SpeedInput = Pick<TrackColumnsLike, 'length' | 'time' | 'positions' | 'speed'>;

/** An RGBA colour, 0–255 per channel. */
export type Rgba = readonly [number, number, number, number];

/** The colour of a point without a speed. */
export const UNKNOWN_SPEED_COLOUR: Rgba = [140, 146, 153, 255];

/** Speed ramp from slow to fast: blue → green → yellow → red (readable on land and sea). */
const RAMP: readonly Rgba[] = [
  [49, 104, 196, 255],
  [38, 166, 91, 255],
  [240, 196, 25, 255],
  [214, 48, 49, 255],
];

/** Shortest gap between two fixes a speed is derived over, ms (closer fixes give noise). */
const MIN_DERIVED_GAP_MS = 500;

/**
 * The speed at each point, m/s: the device's reported speed, or where it reported none (GPX tracks,
 * phone apps without Doppler speed) the haversine distance from the previous fix over the time between
 * them (spec §9 R = 6372.8 km); NaN for the first point of a track without speeds.
 */
export function pointSpeeds(columns: SpeedInput): Float32Array {
  const speeds = new Float32Array(columns.length);
  for (let i = 0; i < columns.length; i += 1) {
    const reported = columns.speed[i] ?? Number.NaN;
    if (Number.isFinite(reported)) {
      speeds[i] = reported;
      continue;
    }
    const dt = i > 0 ? (columns.time[i] ?? 0) - (columns.time[i - 1] ?? 0) : 0;
    speeds[i] =
      dt >= MIN_DERIVED_GAP_MS
        ? haversineMeters(
            { lat: columns.positions[2 * i - 1] ?? 0, lon: columns.positions[2 * i - 2] ?? 0 },
            { lat: columns.positions[2 * i + 1] ?? 0, lon: columns.positions[2 * i] ?? 0 },
          ) /
          (dt / 1000)
        : Number.NaN;
  }
  return speeds;
}

/**
 * `compute` cached per columns object and version: built once, reused every frame (derived arrays,
 * and the binary `data` objects of layers — deck.gl compares `data` by identity, and a new object
 * every frame would rebuild every attribute of the layer every frame).
 */
export function memoized<T>(compute: (columns: TrackColumnsLike) => T) {
  const cache = new WeakMap<object, { version: number; value: T }>();
  return (columns: TrackColumnsLike): T => {
    const hit = cache.get(columns);
    if (hit && hit.version === columns.version) return hit.value;
    const value = compute(columns);
    cache.set(columns, { version: columns.version, value });
    return value;
  };
}

/**
 * The speed that maps to the top of the ramp, m/s: the 95th percentile of the known `speeds` (m/s) (so one
 * spike does not wash out the track), at least 1 m/s; 1 when no point has a speed.
 */
export function speedScaleMax(speeds: Float32Array): number {
  const known = new Float32Array(speeds.length);
  let count = 0;
  for (const speed of speeds) {
    if (Number.isFinite(speed)) known[count++] = speed;
  }
  if (count === 0) return 1;
  // A typed array sorts numerically, natively: ~10× a comparator sort of a number[] at 86,400 points.
  const sorted = known.subarray(0, count).sort();
  return Math.max(1, sorted[Math.floor(0.95 * (count - 1))] ?? 1);
}

/** The ramp colour of `speed` m/s against `max` m/s (clamped); {@link UNKNOWN_SPEED_COLOUR} for NaN. */
export function speedColour(speed: number, max: number): Rgba {
  if (!Number.isFinite(speed)) return UNKNOWN_SPEED_COLOUR;
  const t = Math.min(1, Math.max(0, speed / max)) * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(t));
  const f = t - i;
  const a = RAMP[i] ?? UNKNOWN_SPEED_COLOUR;
  const b = RAMP[i + 1] ?? UNKNOWN_SPEED_COLOUR;
  return [
    Math.round(a[0] + (b[0] - a[0]) * f),
    Math.round(a[1] + (b[1] - a[1]) * f),
    Math.round(a[2] + (b[2] - a[2]) * f),
    255,
  ];
}

/** Steps of the speed ramp's lookup table: finer than a colour channel's 256 levels per segment. */
const RAMP_STEPS = 1024;

/** The ramp at RAMP_STEPS even steps from 0 to `max` (RGBA), then the unknown-speed colour. */
const RAMP_TABLE: Uint8Array = (() => {
  const table = new Uint8Array(4 * (RAMP_STEPS + 1));
  for (let step = 0; step < RAMP_STEPS; step += 1) {
    table.set(speedColour(step / (RAMP_STEPS - 1), 1), 4 * step);
  }
  table.set(UNKNOWN_SPEED_COLOUR, 4 * RAMP_STEPS);
  return table;
})();

/**
 * Per-point RGBA colours by speed ({@link pointSpeeds}; `4 × length` bytes) for a binary deck.gl
 * `getColor` attribute, with the scale's top speed in m/s. Not cached: see {@link speedColours}.
 */
export function computeSpeedColours(columns: SpeedInput): {
  colours: Uint8Array;
  maxSpeed: number;
} {
  const speeds = pointSpeeds(columns);
  const maxSpeed = speedScaleMax(speeds);
  const colours = new Uint8Array(columns.length * 4);
  const last = RAMP_STEPS - 1;
  for (let i = 0; i < columns.length; i += 1) {
    const speed = speeds[i] ?? Number.NaN;
    // From a table of the ramp, not a new array per point (~4× faster at 86,400 points).
    const from = Number.isFinite(speed)
      ? 4 * Math.round(Math.min(1, Math.max(0, speed / maxSpeed)) * last)
      : 4 * RAMP_STEPS;
    colours[4 * i] = RAMP_TABLE[from] ?? 0;
    colours[4 * i + 1] = RAMP_TABLE[from + 1] ?? 0;
    colours[4 * i + 2] = RAMP_TABLE[from + 2] ?? 0;
    colours[4 * i + 3] = RAMP_TABLE[from + 3] ?? 0;
  }
  return { colours, maxSpeed };
}

/** {@link computeSpeedColours}, cached per columns version. */
export const speedColours = memoized(computeSpeedColours);

/**
 * Point times as seconds after the track's first point (Float32Array, one per point) for a deck.gl
 * `TripsLayer` `getTimestamps` attribute: float32 holds epoch milliseconds only to ~2 min, relative
 * seconds to about 1 ms over a day. Not cached: see {@link relativeSeconds}.
 */
export function computeRelativeSeconds(
  columns: Pick<TrackColumnsLike, 'length' | 'time'>,
): Float32Array {
  const start = columns.time[0] ?? 0;
  const seconds = new Float32Array(columns.length);
  for (let i = 0; i < columns.length; i += 1)
    seconds[i] = ((columns.time[i] ?? start) - start) / 1000;
  return seconds;
}

/** {@link computeRelativeSeconds}, cached per columns version. */
export const relativeSeconds = memoized(computeRelativeSeconds);

/** The [west, south, east, north] box of the track in degrees, null without points. Cached. */
export const trackBounds = memoized((columns): readonly [number, number, number, number] | null => {
  if (columns.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < columns.length; i += 1) {
    const lon = columns.positions[2 * i] ?? 0;
    const lat = columns.positions[2 * i + 1] ?? 0;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
});

import {
  pointSpeeds,
  speedColour,
  speedColours,
  type Rgba,
  type TrackColumnsLike,
} from './trackAttributes';

/*
 * A live track drawn in two parts (docs/share-viewing.md "Map: a fix moves the wearer, not the
 * map"): the settled track, which the map's WebGL layers draw and which changes only now and then,
 * and the newest points after it (the tail), which the live overlay (liveWearerOverlay.ts) draws as
 * DOM over the map with every fix. A fix then costs a few SVG attributes instead of a full software
 * render of the map.
 */

/**
 * How many points the tail holds before the track settles again (the WebGL layers take in the whole
 * track, one full render of the map): at 1 Hz a settle every 2 minutes. The overlay draws a tail of
 * up to twice this many segments (the overlap after a settle), a few hundred SVG lines at most, of
 * which a fix changes one.
 */
export const LIVE_TAIL_MAX_POINTS = 120;

/** The settled part of a live track (see the module comment). */
export interface SettledTrack<C extends TrackColumnsLike> {
  /** The track as it was when it settled: the WebGL layers draw these columns. */
  readonly columns: C;
  /** The time of its last point, epoch ms: a later track that still has it there only grew. */
  readonly lastTimeMs: number;
  /**
   * Where the tail starts, a point index: the length of the track settled before this one. The tail
   * overlaps the newest settled points until the next settle, so nothing disappears while the
   * WebGL layers take the new columns in (a frame or two, or a worker's derivation).
   */
  readonly tailFrom: number;
}

/**
 * The settled track for `current` (pure; useSettledTrack, useLiveTrack.ts, calls it on every
 * render): `previous` as long as `current` only grew from it (the same point at its last index)
 * by fewer than `maxTail` points; otherwise `current` settles. Its tail then starts at
 * `previous`'s end when the track grew by at most `maxTail` points (one fix after another), or
 * at its own end when it grew by more at once (a history loaded, a reconnection's backlog),
 * started, or changed (a reload, a late point filed among the settled ones).
 */
export function settleLiveTrack<C extends TrackColumnsLike>(
  current: C,
  previous: SettledTrack<C> | null,
  maxTail = LIVE_TAIL_MAX_POINTS,
): SettledTrack<C> {
  const settledLength = previous?.columns.length ?? 0;
  const grew =
    previous !== null &&
    settledLength > 0 &&
    current.length >= settledLength &&
    current.time[settledLength - 1] === previous.lastTimeMs;
  const growth = current.length - settledLength;
  if (grew && growth < maxTail) return previous;
  if (previous !== null && (current === previous.columns || current.length + settledLength === 0)) {
    return previous;
  }
  return {
    columns: current,
    lastTimeMs: current.length > 0 ? (current.time[current.length - 1] ?? Number.NaN) : Number.NaN,
    tailFrom: grew && growth <= maxTail ? settledLength : current.length,
  };
}

/** The newest points of a live track as the live overlay draws them. */
export interface LiveTail {
  /** Interleaved [lon, lat] degrees of the tail's points, oldest first. */
  readonly positions: readonly number[];
  /** The colour of each segment (one fewer than the points): the track's speed colour at its end. */
  readonly colours: readonly Rgba[];
}

/**
 * The tail of `current` after `settled` (its points from `settled.tailFrom - 1`, so it joins the
 * settled line, to the newest), each segment coloured by speed on the settled track's scale (the
 * same colours the WebGL track gives those points; trackAttributes.speedColours). Empty with fewer
 * than 2 points.
 */
export function liveTail<C extends TrackColumnsLike>(
  current: C,
  settled: SettledTrack<C>,
): LiveTail {
  const from = Math.max(0, settled.tailFrom - 1);
  const count = current.length - from;
  if (count < 2) return { positions: [], colours: [] };
  const { maxSpeed } = speedColours(settled.columns);
  const slice = {
    length: count,
    time: current.time.subarray(from, current.length),
    positions: current.positions.subarray(2 * from, 2 * current.length),
    speed: current.speed.subarray(from, current.length),
  };
  const speeds = pointSpeeds(slice);
  const colours: Rgba[] = [];
  for (let i = 1; i < count; i += 1) colours.push(speedColour(speeds[i] ?? Number.NaN, maxSpeed));
  return { positions: Array.from(slice.positions), colours };
}

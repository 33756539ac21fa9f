import { PathLayer } from '@deck.gl/layers';
import { TripsLayer } from '@deck.gl/geo-layers';
import { speedColours, type Rgba, type TrackColumnsLike } from '../trackAttributes';
import type { SimplifiedTrack } from '../trackSimplification';
import { derivedTrackOf } from '../trackDerivations';
import { TrackDetailLayer } from './trackDetailLayer';

/** Width of a drawn track, px. */
export const TRACK_WIDTH_PX = 4;

/** One path as deck.gl binary data: `length` points, no object per point. */
function binaryPath(length: number) {
  return { length: 1, startIndices: new Uint32Array([0, length]) };
}

/**
 * `build` cached per simplified track: deck.gl compares `data` by identity, and a new object every
 * frame would rebuild every attribute of the layer every frame.
 */
function perTrack<T>(build: (track: SimplifiedTrack) => T): (track: SimplifiedTrack) => T {
  const cache = new WeakMap<SimplifiedTrack, T>();
  return (track) => {
    const hit = cache.get(track);
    if (hit !== undefined) return hit;
    const value = build(track);
    cache.set(track, value);
    return value;
  };
}

/** A drawn track's binary data: positions and speed colours. */
const speedPathData = perTrack((track) => ({
  ...binaryPath(track.length),
  attributes: {
    getPath: { value: track.positions, size: 2 },
    getColor: { value: track.colours, size: 4, normalized: true },
  },
}));

/** A replay trail's binary data: positions and seconds after the track's start. */
const tripsData = perTrack((track) => ({
  ...binaryPath(track.length),
  attributes: {
    getPath: { value: track.positions, size: 2 },
    getTimestamps: { value: track.seconds, size: 1 },
  },
}));

/**
 * The points of `track` as one path coloured by speed: a deck.gl PathLayer over binary attributes
 * (positions as float64 degrees, per-point RGBA), rebuilt only when `track` changes. `opacity` 0–1.
 */
export function speedPathLayer(
  id: string,
  track: SimplifiedTrack,
  opacity = 1,
): PathLayer<unknown> {
  return new PathLayer({
    id,
    data: speedPathData(track),
    _pathType: 'open',
    positionFormat: 'XY',
    getWidth: TRACK_WIDTH_PX,
    widthUnits: 'pixels',
    jointRounded: true,
    capRounded: true,
    opacity,
    updateTriggers: { getPath: track.key, getColor: track.key },
  });
}

/**
 * A replay time before every point of a track (its timestamps start at 0 s): the trips layer then
 * discards every fragment, its start cap included.
 */
const BEFORE_REPLAY_S = -1;

/**
 * The points of `track` played up to `currentTimeS` (seconds after the track's first point) in
 * `colour`: a deck.gl TripsLayer whose `trailLength` covers the whole track, so everything already
 * played stays drawn. Moving `currentTimeS` only changes a uniform: no attribute is rebuilt per frame.
 */
export function tripsPathLayer(
  id: string,
  track: SimplifiedTrack,
  currentTimeS: number,
  colour: Rgba,
): TripsLayer<unknown> {
  const span = track.seconds[track.length - 1] ?? 0;
  return new TripsLayer({
    id,
    data: tripsData(track),
    _pathType: 'open',
    positionFormat: 'XY',
    getColor: [...colour],
    getWidth: TRACK_WIDTH_PX + 1,
    widthUnits: 'pixels',
    jointRounded: true,
    capRounded: true,
    fadeTrail: false,
    trailLength: span + 1,
    currentTime: currentTimeS,
    updateTriggers: { getPath: track.key, getTimestamps: track.key },
  });
}

/**
 * The whole track coloured by speed (issue 7 item 1), at the level of detail of the zoom shown
 * ({@link TrackDetailLayer}: half a pixel of Douglas–Peucker tolerance). `opacity` 0–1 (dimmed under a
 * replay). Null for a track under 2 points.
 */
export function speedTrackLayer(
  id: string,
  columns: TrackColumnsLike,
  opacity = 1,
): TrackDetailLayer | null {
  if (columns.length < 2) return null;
  return new TrackDetailLayer({
    id,
    derived: derivedTrackOf(columns),
    draw: (track, subId) => speedPathLayer(subId, track, opacity),
  });
}

/**
 * The replayed part of a track up to `currentTimeS` (seconds after the track's first point; see
 * trackAttributes.relativeSeconds — float32 cannot hold epoch ms), drawn in `colour` over the dimmed
 * whole track, at the level of detail of the zoom shown ({@link TrackDetailLayer}). Null for a track
 * under 2 points. With `currentTimeS` null (no replay yet) the layer is drawn with its time before
 * the first point, which shows nothing: a replay map draws it from its first frame, so the trail's
 * shader program is linked while the map loads and not in the frame after Play (tens of ms on a
 * software renderer, bench replay.fjord). A layer that is not `visible` is not drawn, and its program
 * is linked at its first draw.
 */
export function replayTrailLayer(
  id: string,
  columns: TrackColumnsLike,
  currentTimeS: number | null,
  colour: Rgba,
): TrackDetailLayer | null {
  if (columns.length < 2) return null;
  const timeS = currentTimeS ?? BEFORE_REPLAY_S;
  return new TrackDetailLayer({
    id,
    derived: derivedTrackOf(columns),
    draw: (track, subId) => tripsPathLayer(subId, track, timeS, colour),
  });
}

/** The first index of `time` (ascending epoch ms) at or after `ms`; `time.length` when none is. */
function firstAtOrAfter(time: Float64Array, length: number, ms: number): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((time[middle] ?? Infinity) < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The part of a track a trim would keep, from `fromMs` to `toMs` (epoch ms, inclusive), drawn in its
 * speed colours over the whole track dimmed by the caller (issue 7 item 3: "trim … previewed on the
 * map"): a PathLayer over views (`subarray`, no copy) of the track's positions and colours. Null when
 * the kept part has under 2 points.
 */
export function trimPreviewLayer(
  id: string,
  columns: TrackColumnsLike,
  fromMs: number,
  toMs: number,
): PathLayer<unknown> | null {
  const first = firstAtOrAfter(columns.time, columns.length, fromMs);
  const end = firstAtOrAfter(columns.time, columns.length, toMs + 1);
  const kept = end - first;
  if (kept < 2) return null;
  const { colours } = speedColours(columns);
  return new PathLayer({
    id,
    data: {
      length: 1,
      startIndices: new Uint32Array([0, kept]),
      attributes: {
        getPath: { value: columns.positions.subarray(first * 2, end * 2), size: 2 },
        getColor: { value: colours.subarray(first * 4, end * 4), size: 4, normalized: true },
      },
    },
    _pathType: 'open',
    positionFormat: 'XY',
    getWidth: TRACK_WIDTH_PX + 2,
    widthUnits: 'pixels',
    jointRounded: true,
    capRounded: true,
    updateTriggers: {
      getPath: `${String(columns.version)}:${String(first)}:${String(end)}`,
      getColor: `${String(columns.version)}:${String(first)}:${String(end)}`,
    },
  });
}

import { PathLayer } from '@deck.gl/layers';
import { TripsLayer } from '@deck.gl/geo-layers';
import {
  memoized,
  relativeSeconds,
  speedColours,
  type Rgba,
  type TrackColumnsLike,
} from '../trackAttributes';

/** Width of a drawn track, px. */
const TRACK_WIDTH_PX = 4;

/** One path as deck.gl binary data: the track's own arrays, no object per point. */
function binaryPath(columns: TrackColumnsLike) {
  return {
    length: 1,
    startIndices: new Uint32Array([0, columns.length]),
  };
}

/** The whole track's binary data: positions and speed colours (one object per track version). */
const speedTrackData = memoized((columns) => ({
  ...binaryPath(columns),
  attributes: {
    getPath: { value: columns.positions, size: 2 },
    getColor: { value: speedColours(columns).colours, size: 4, normalized: true },
  },
}));

/** The replay trail's binary data: positions and relative times (one object per track version). */
const replayTrailData = memoized((columns) => ({
  ...binaryPath(columns),
  attributes: {
    getPath: { value: columns.positions, size: 2 },
    getTimestamps: { value: relativeSeconds(columns), size: 1 },
  },
}));

/**
 * The whole track coloured by speed (issue 7 item 1): a deck.gl PathLayer over the track's columns as
 * binary attributes (positions as float64 degrees, per-point RGBA from trackAttributes.speedColours),
 * rebuilt only when the track's version changes. `opacity` 0–1 (dimmed under a replay). Null for a
 * track under 2 points.
 */
export function speedTrackLayer(
  id: string,
  columns: TrackColumnsLike,
  opacity = 1,
): PathLayer<unknown> | null {
  if (columns.length < 2) return null;
  return new PathLayer({
    id,
    data: speedTrackData(columns),
    _pathType: 'open',
    positionFormat: 'XY',
    getWidth: TRACK_WIDTH_PX,
    widthUnits: 'pixels',
    jointRounded: true,
    capRounded: true,
    opacity,
    updateTriggers: { getPath: columns.version, getColor: columns.version },
  });
}

/**
 * The replayed part of a track up to `currentTimeS` (seconds after the track's first point; see
 * trackAttributes.relativeSeconds — float32 cannot hold epoch ms), drawn in `colour` over the dimmed
 * whole track: a deck.gl TripsLayer on the same binary positions, with `trailLength` covering the whole
 * track so everything already played stays drawn. Moving `currentTimeS` only changes a uniform: no
 * attribute is rebuilt per frame. Null for a track under 2 points.
 */
export function replayTrailLayer(
  id: string,
  columns: TrackColumnsLike,
  currentTimeS: number,
  colour: Rgba,
): TripsLayer<unknown> | null {
  if (columns.length < 2) return null;
  const span = relativeSeconds(columns)[columns.length - 1] ?? 0;
  return new TripsLayer({
    id,
    data: replayTrailData(columns),
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
    updateTriggers: { getPath: columns.version, getTimestamps: columns.version },
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

import {
  computeRelativeSeconds,
  computeSpeedColours,
  type TrackColumnsLike,
} from './trackAttributes';
import { computeImportance } from './trackSimplification';

/** The columns a track's drawing is derived from (a subset of {@link TrackColumnsLike}). */
export type TrackDerivationInput = Pick<
  TrackColumnsLike,
  'length' | 'version' | 'time' | 'positions' | 'speed'
>;

/**
 * What a drawn track needs, derived once per track version and self-contained (its own arrays, so it
 * stays drawable while a newer version is derived): `length` points with `positions` interleaved
 * [lon, lat] degrees, `seconds` after the first point (TripsLayer times), `colours` RGBA by speed
 * against `maxSpeed` m/s (the ramp's top), and `importance`, each point's Douglas–Peucker deviation in
 * metres (trackSimplification.computeImportance). `version` is the columns' version it was made from.
 */
export interface TrackDerived {
  readonly version: number;
  readonly length: number;
  readonly positions: Float64Array;
  readonly seconds: Float32Array;
  readonly colours: Uint8Array;
  readonly importance: Float32Array;
  readonly maxSpeed: number;
}

/**
 * Derives a track's drawing from its columns: speed colours, relative seconds and Douglas–Peucker
 * importance. Pure; runs in the track worker (trackDerivation.worker.ts) or, for small tracks and
 * where no worker exists, on the caller's thread. `positions` is used as is when it holds exactly
 * `2 × length` values (a copy made for the derivation), else copied.
 */
export function deriveTrack(input: TrackDerivationInput): TrackDerived {
  const positions =
    input.positions.length === 2 * input.length
      ? input.positions
      : input.positions.slice(0, 2 * input.length);
  const { colours, maxSpeed } = computeSpeedColours(input);
  return {
    version: input.version,
    length: input.length,
    positions,
    seconds: computeRelativeSeconds(input),
    colours,
    importance: computeImportance(positions, input.length),
    maxSpeed,
  };
}

/** The buffers of `derived`, for a postMessage transfer list. */
export function derivedBuffers(derived: TrackDerived): ArrayBuffer[] {
  return [derived.positions, derived.seconds, derived.colours, derived.importance].map(
    (array) => array.buffer as ArrayBuffer,
  );
}

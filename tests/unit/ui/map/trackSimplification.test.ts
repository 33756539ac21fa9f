import { describe, expect, it } from 'vitest';
import type { TrackColumnsLike } from '../../../../src/ui/map/trackAttributes';
import { deriveTrack } from '../../../../src/ui/map/trackDerivation';
import {
  computeImportance,
  simplifiedTrack,
  toleranceMetres,
} from '../../../../src/ui/map/trackSimplification';

/** Metres per degree of latitude on the spec's sphere (R = 6372.8 km). */
const M_PER_DEG = (6_372_800 * Math.PI) / 180;

/** A track on the equator from points given in metres east and north of (0°, 0°), 1 s apart. */
function trackOf(metres: readonly (readonly [number, number])[], version = 1): TrackColumnsLike {
  const n = metres.length;
  const time = new Float64Array(n);
  const positions = new Float64Array(2 * n);
  metres.forEach(([east, north], i) => {
    time[i] = Date.UTC(2025, 6, 1) + i * 1000;
    positions[2 * i] = east / M_PER_DEG;
    positions[2 * i + 1] = north / M_PER_DEG;
  });
  return {
    length: n,
    version,
    time,
    positions,
    speed: new Float32Array(n).fill(2),
    hacc: new Float32Array(n),
  };
}

/** Each point's Douglas–Peucker importance, m. */
function pointImportance(columns: TrackColumnsLike): Float32Array {
  return computeImportance(columns.positions, columns.length);
}

describe('point importance (Douglas–Peucker)', () => {
  it('gives the ends infinite importance and points on a straight line none', () => {
    const importance = pointImportance(
      trackOf([
        [0, 0],
        [10, 0],
        [20, 0],
        [30, 0],
      ]),
    );
    expect([...importance]).toEqual([Infinity, 0, 0, Infinity]);
  });

  it('measures a spike by its distance from the line it leaves, in metres', () => {
    const importance = pointImportance(
      trackOf([
        [0, 0],
        [100, 0],
        [200, 50],
        [300, 0],
        [400, 0],
      ]),
    );
    expect(importance[2]).toBeCloseTo(50, 3);
    // Then each neighbour by its distance from its chord to the spike: 100 × 50 / |(200, 50)| m.
    expect(importance[1]).toBeCloseTo(5_000 / Math.hypot(200, 50), 3);
    expect(importance[3]).toBeCloseTo(5_000 / Math.hypot(200, 50), 3);
  });

  it('never ranks a point above the split that contains it', () => {
    // A big detour with a bigger wiggle inside it: the wiggle is kept only with the detour.
    const importance = pointImportance(
      trackOf([
        [0, 0],
        [100, 30],
        [110, 200],
        [120, 30],
        [200, 0],
      ]),
    );
    const top = importance[2] ?? 0;
    expect(importance[1]).toBeLessThanOrEqual(top);
    expect(importance[3]).toBeLessThanOrEqual(top);
  });
});

describe('simplified tracks per zoom level', () => {
  it('uses half a pixel of the next zoom level as the tolerance', () => {
    // Equator, zoom 0: a 512-px world of 40,075 km; half a pixel at zoom 1.
    expect(toleranceMetres(0, 0)).toBeCloseTo(40_075_016.686 / 512 / 2 / 2, 3);
    expect(toleranceMetres(10.7, 0)).toBeCloseTo(toleranceMetres(10, 0), 9);
    expect(toleranceMetres(10, 60)).toBeCloseTo(toleranceMetres(10, 0) / 2, 6);
  });

  it('drops a 3 m zigzag where it is under half a pixel, keeps it where it is not', () => {
    const zigzag = trackOf(
      Array.from({ length: 101 }, (_, i) => [i * 10, i % 2 === 0 ? 0 : 3] as const),
    );
    // Zoom 10: ~76 m per pixel at zoom 11 → 38 m tolerance: a straight line remains.
    const far = simplifiedTrack(deriveTrack(zigzag), 10);
    expect(far.length).toBe(2);
    // Zoom 17: ~0.6 m per pixel at zoom 18 → 0.3 m tolerance: every point counts.
    expect(simplifiedTrack(deriveTrack(zigzag), 17).length).toBe(101);
  });

  it('keeps the first and last points, time order, colours and relative seconds of the kept points', () => {
    const columns = trackOf([
      [0, 0],
      [100, 0],
      [200, 500],
      [300, 0],
      [400, 0],
    ]);
    // Zoom 7: ~150 m of tolerance keeps the 500 m spike, not its neighbours (~93 m off its chords).
    const track = simplifiedTrack(deriveTrack(columns), 7);
    expect(track.length).toBe(3);
    expect([...track.seconds]).toEqual([0, 2, 4]);
    expect(track.positions[0]).toBe(columns.positions[0]);
    expect(track.positions[2]).toBe(columns.positions[4]);
    expect(track.positions[5]).toBe(columns.positions[9]);
    expect(track.colours).toHaveLength(12);
  });

  it('draws every point at street level and for tracks of under 3 points, without copying', () => {
    const columns = trackOf([
      [0, 0],
      [10, 0],
      [20, 0],
    ]);
    const derived = deriveTrack(columns);
    const close = simplifiedTrack(derived, 19);
    expect(close.length).toBe(3);
    expect(close.positions).toBe(derived.positions);
    const pair = trackOf([
      [0, 0],
      [10, 0],
    ]);
    expect(simplifiedTrack(deriveTrack(pair), 3).length).toBe(2);
  });

  it('computes each level once per drawing', () => {
    const columns = trackOf([
      [0, 0],
      [100, 40],
      [200, 0],
    ]);
    const derived = deriveTrack(columns);
    expect(simplifiedTrack(derived, 12.2)).toBe(simplifiedTrack(derived, 12.9));
    expect(simplifiedTrack(derived, 13)).not.toBe(simplifiedTrack(derived, 12));
    const changed = deriveTrack({ ...columns, version: 2 });
    expect(simplifiedTrack(changed, 12)).not.toBe(simplifiedTrack(derived, 12));
    expect(simplifiedTrack(changed, 12).key).toBe('2:12');
  });
});

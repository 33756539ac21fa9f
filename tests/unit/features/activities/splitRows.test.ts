import { describe, expect, it } from 'vitest';
import type { SplitsSettings } from '../../../../src/api/entities/splits';
import { EARTH_RADIUS_M } from '../../../../src/api/geo/haversine';
import {
  splitRows,
  type SplitRow,
  type SplitTrack,
} from '../../../../src/features/activities/splits/splitRows';

const T0 = Date.UTC(2026, 5, 1, 8, 0);
/** Degrees of longitude on the equator per metre of the spec's sphere (R = 6372.8 km). */
const DEG_PER_M = 180 / (Math.PI * EARTH_RADIUS_M);

/**
 * A track east along the equator: `points` fixes, `stepM` metres and `stepS` seconds apart, with
 * altitude `alt(i)` and heart rate `heart(i)` (NaN unknown) when given.
 */
function equatorTrack(
  points: number,
  stepM: number,
  stepS: number,
  alt: (i: number) => number = () => Number.NaN,
  heart?: (i: number) => number,
): SplitTrack {
  const index = Array.from({ length: points }, (_, i) => i);
  return {
    length: points,
    time: Float64Array.from(index, (i) => T0 + i * stepS * 1000),
    positions: Float64Array.from(index.flatMap((i) => [i * stepM * DEG_PER_M, 0])),
    alt: Float32Array.from(index, alt),
    ...(heart ? { heartRate: Float32Array.from(index, heart) } : {}),
  };
}

const km = (Distance: number): SplitsSettings => ({ SplitType: 'DISTANCE_KM', Distance });
const minutes = (Time: number): SplitsSettings => ({ SplitType: 'TIME_MINUTES', Time });

/** Rows rounded to cm, ms, cm and 0.01 bpm / 0.001 m/s so the table compares exactly. */
function rounded(rows: SplitRow[]) {
  const r = (v: number | null, d: number) =>
    v === null ? null : Math.round(v * 10 ** d) / 10 ** d;
  return rows.map((row) => ({
    index: row.index,
    distanceM: r(row.distanceM, 2),
    durationMs: r(row.durationMs, 0),
    elevationM: r(row.elevationM, 2),
    heartRateAvgBpm: r(row.heartRateAvgBpm, 2),
    speedAvgMps: r(row.speedAvgMps, 3),
  }));
}

const row = (
  index: number,
  distanceM: number,
  durationMs: number,
  extra: Partial<SplitRow> = {},
) => ({
  index,
  distanceM,
  durationMs,
  elevationM: null,
  heartRateAvgBpm: null,
  speedAvgMps: Math.round((distanceM / (durationMs / 1000)) * 1000) / 1000,
  ...extra,
});

// 51 fixes 50 m and 10 s apart: 2.5 km in 500 s at 5 m/s.
const steady = equatorTrack(51, 50, 10);

describe('splitRows (policy §2 splits columns; §3 split types DISTANCE_KM, TIME_MINUTES)', () => {
  it.each([
    {
      name: '1 km splits of 2.5 km: two whole splits and the rest',
      track: steady,
      settings: km(1),
      rows: [row(1, 1000, 200_000), row(2, 1000, 200_000), row(3, 500, 100_000)],
    },
    {
      name: 'a cut inside a segment is interpolated (0.12 km: 20 splits of 120 m and 100 m left)',
      track: steady,
      settings: km(0.12),
      rows: [
        ...Array.from({ length: 20 }, (_, i) => row(i + 1, 120, 24_000)),
        row(21, 100, 20_000),
      ],
    },
    {
      name: 'a split longer than the track is the whole track',
      track: steady,
      settings: km(100),
      rows: [row(1, 2500, 500_000)],
    },
    {
      name: '1 minute splits of 500 s: 8 whole minutes and 20 s',
      track: steady,
      settings: minutes(1),
      rows: [...Array.from({ length: 8 }, (_, i) => row(i + 1, 300, 60_000)), row(9, 100, 20_000)],
    },
    {
      name: 'a track ending exactly on a cut has no empty last split',
      track: equatorTrack(21, 50, 10),
      settings: km(1),
      rows: [row(1, 1000, 200_000)],
    },
  ])('$name', ({ track, settings, rows }) => {
    expect(rounded(splitRows(track, settings))).toEqual(rows);
  });

  it('gives the altitude change of each split, interpolated at the cut', () => {
    // Climbing 2 m per fix: 40 m per km, the last 500 m 20 m.
    const climbing = equatorTrack(51, 50, 10, (i) => 100 + 2 * i);
    expect(rounded(splitRows(climbing, km(1))).map((r) => r.elevationM)).toEqual([40, 40, 20]);
    // The cut at 120 m lies 40 % into the third segment: 2.4 fixes × 2 m.
    expect(rounded(splitRows(climbing, km(0.12)))[0]?.elevationM).toBe(4.8);
  });

  it('leaves the elevation out without altitudes, and uses the known ones when some are missing', () => {
    expect(splitRows(steady, km(1)).map((r) => r.elevationM)).toEqual([null, null, null]);
    // No altitude for the first 5 fixes: the first split measures from the first known one.
    const late = equatorTrack(51, 50, 10, (i) => (i < 5 ? Number.NaN : 10 * i));
    expect(rounded(splitRows(late, km(1))).map((r) => r.elevationM)).toEqual([150, 200, 100]);
  });

  it('averages the heart rate readings of each split where the track has them', () => {
    const heart = equatorTrack(51, 50, 10, undefined, (i) => (i < 20 ? 100 : 150));
    expect(rounded(splitRows(heart, km(1))).map((r) => r.heartRateAvgBpm)).toEqual([100, 150, 150]);
    const missing = equatorTrack(51, 50, 10, undefined, () => Number.NaN);
    expect(splitRows(missing, km(1)).map((r) => r.heartRateAvgBpm)).toEqual([null, null, null]);
  });

  it('keeps time spent standing still at the end in a last split of no distance', () => {
    const track = equatorTrack(21, 50, 10);
    const positions = Array.from(track.positions);
    const standing: SplitTrack = {
      ...track,
      length: 22,
      time: Float64Array.from([...Array.from(track.time), T0 + 500_000]),
      positions: Float64Array.from([...positions, ...positions.slice(-2)]),
      alt: Float32Array.from([...Array.from(track.alt), Number.NaN]),
    };
    expect(rounded(splitRows(standing, km(1)))).toEqual([
      row(1, 1000, 200_000),
      { ...row(2, 0, 300_000), speedAvgMps: 0 },
    ]);
  });

  it('has no splits for a track of fewer than two fixes', () => {
    expect(splitRows(equatorTrack(0, 50, 10), km(1))).toEqual([]);
    expect(splitRows(equatorTrack(1, 50, 10), minutes(1))).toEqual([]);
  });
});

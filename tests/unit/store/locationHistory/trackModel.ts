import fc from 'fast-check';
import type { LocationPoint } from '../../../../src/api/entities/location';
import { columnsPoint, type TrackColumns } from '../../../../src/store/locationHistory/columnViews';

/** 2026-01-01T00:00:00Z, epoch ms: times in the tests are offsets from it. */
export const EPOCH = Date.UTC(2026, 0, 1);

/** A point at `EPOCH + offsetMs` with the given position (degrees) and every optional column set. */
export function point(offsetMs: number, x = 5.7331, y = 58.9699): LocationPoint {
  return { Time: EPOCH + offsetMs, X: x, Y: y, Hacc: 4, Alt: 12.5, Speed: 1.25 };
}

/** A float32 value or null (the optional columns are float32; null is unknown). */
const optionalFloat32 = (min: number, max: number) =>
  fc.option(fc.float({ min: Math.fround(min), max: Math.fround(max), noNaN: true }), {
    nil: null,
  });

/**
 * Points whose times fall in a small window (0–`spanMs` ms after EPOCH), so that random batches hold
 * late points and repeated times.
 */
export function arbitraryPoint(spanMs = 60): fc.Arbitrary<LocationPoint> {
  return fc.record(
    {
      Time: fc.integer({ min: 0, max: spanMs }).map((offset) => EPOCH + offset),
      X: fc.double({ min: -180, max: 180, noNaN: true }),
      Y: fc.double({ min: -90, max: 90, noNaN: true }),
      Hacc: optionalFloat32(0, 500),
      Alt: optionalFloat32(-500, 9000),
      Speed: optionalFloat32(0, 100),
      // Lifeline's optional heart rate: absent, null or whole beats per minute.
      HeartRate: fc.option(fc.integer({ min: 1, max: 300 }), { nil: null }),
    },
    { requiredKeys: ['Time', 'X', 'Y', 'Hacc', 'Alt', 'Speed'] },
  );
}

/** Batches of points as a live feed might deliver them. */
export const arbitraryBatches = (spanMs = 60) =>
  fc.array(fc.array(arbitraryPoint(spanMs), { maxLength: 12 }), { maxLength: 12 });

/**
 * The reference model: every point in arrival order, the first of each Time kept, sorted by Time;
 * optional columns rounded to float32 as the track stores them; an unknown heart rate (absent or
 * null) left out, as the track hands points out.
 */
export function referenceTrack(points: readonly LocationPoint[]): LocationPoint[] {
  const byTime = new Map<number, LocationPoint>();
  for (const { HeartRate, ...p } of points) {
    if (byTime.has(p.Time)) continue;
    byTime.set(p.Time, {
      ...p,
      Hacc: p.Hacc === null ? null : Math.fround(p.Hacc),
      Alt: p.Alt === null ? null : Math.fround(p.Alt),
      Speed: p.Speed === null ? null : Math.fround(p.Speed),
      ...(HeartRate === null || HeartRate === undefined ? {} : { HeartRate }),
    });
  }
  return [...byTime.values()].sort((a, b) => a.Time - b.Time);
}

/** The points the columns hold, in index order. */
export function pointsOf(columns: TrackColumns): LocationPoint[] {
  return Array.from({ length: columns.length }, (_, i) => columnsPoint(columns, i));
}

/** A deep copy of the columns' values as plain arrays (to compare a snapshot later). */
export function copyOf(columns: TrackColumns) {
  return {
    length: columns.length,
    version: columns.version,
    time: Array.from(columns.time),
    positions: Array.from(columns.positions),
    alt: Array.from(columns.alt),
    speed: Array.from(columns.speed),
    hacc: Array.from(columns.hacc),
    heartRate: Array.from(columns.heartRate),
  };
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../../../../src/api/entities/location';
import {
  ColumnarTrack,
  MIN_TRACK_CAPACITY,
} from '../../../../src/store/locationHistory/columnarTrack';
import { EMPTY_TRACK_COLUMNS } from '../../../../src/store/locationHistory/columnViews';
import {
  arbitraryBatches,
  arbitraryPoint,
  copyOf,
  EPOCH,
  point,
  pointsOf,
  referenceTrack,
} from './trackModel';

describe('ColumnarTrack (issue 6 item 2: columnar, time-ordered, deduplicated)', () => {
  it('holds what the reference model holds after any batches of live, late and repeated points', () => {
    fc.assert(
      fc.property(arbitraryBatches(), (batches) => {
        const track = new ColumnarTrack();
        for (const batch of batches) track.add(batch);
        const expected = referenceTrack(batches.flat());
        expect(pointsOf(track.columns())).toEqual(expected);
        expect(track.length).toBe(expected.length);
        expect(track.firstTime).toBe(expected[0]?.Time ?? null);
        expect(track.lastTime).toBe(expected.at(-1)?.Time ?? null);
      }),
      { numRuns: 300 },
    );
  });

  it('reports how many points each add stored and versions exactly the adds that stored some', () => {
    fc.assert(
      fc.property(arbitraryBatches(), (batches) => {
        const track = new ColumnarTrack();
        const seen: LocationPoint[] = [];
        let version = 0;
        for (const batch of batches) {
          const before = referenceTrack(seen).length;
          seen.push(...batch);
          const stored = track.add(batch);
          expect(stored).toBe(referenceTrack(seen).length - before);
          if (stored > 0) version += 1;
          expect(track.version).toBe(version);
        }
      }),
    );
  });

  it('keeps the first stored point of a time and, within a batch, the earlier one', () => {
    const track = new ColumnarTrack();
    track.add([point(10, 1, 1)]);
    track.add([point(10, 2, 2), point(20, 3, 3), point(20, 4, 4)]);
    expect(pointsOf(track.columns()).map((p) => [p.Time - EPOCH, p.X])).toEqual([
      [10, 1],
      [20, 3],
    ]);
  });

  it('loads a whole history in one go exactly as point-by-point appends store it', () => {
    fc.assert(
      fc.property(fc.array(arbitraryPoint(400), { maxLength: 200 }), (history) => {
        const appended = new ColumnarTrack();
        for (const p of history) appended.add([p]);
        const loaded = ColumnarTrack.fromHistory(history);
        expect(copyOf(loaded.columns())).toEqual({ ...copyOf(appended.columns()), version: 1 });
        expect(loaded.capacity).toBe(Math.max(MIN_TRACK_CAPACITY, history.length));
      }),
    );
  });

  it('grows by doubling: capacity stays within 2× of the length and reallocates O(log n) times', () => {
    const track = new ColumnarTrack();
    const buffers = new Set<ArrayBufferLike>();
    for (let i = 0; i < 5_000; i += 1) {
      track.add([point(i * 1_000)]);
      buffers.add(track.columns().time.buffer);
      expect(track.capacity).toBeGreaterThanOrEqual(track.length);
      expect(track.capacity).toBeLessThan(Math.max(MIN_TRACK_CAPACITY + 1, 2 * track.length));
    }
    // 16 → 32 → … → 8192: the first buffer and 9 doublings.
    expect(buffers.size).toBe(10);
    expect(track.capacity).toBe(8_192);
  });

  it('returns the same column views until a change, and views of a snapshot never change after appends', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 20 }), (counts) => {
        const track = new ColumnarTrack();
        const snapshots: { columns: ReturnType<ColumnarTrack['columns']>; copy: unknown }[] = [];
        let time = 0;
        for (const count of counts) {
          const views = track.columns();
          expect(track.columns()).toBe(views);
          snapshots.push({ columns: views, copy: copyOf(views) });
          track.add(Array.from({ length: count }, () => point((time += 1_000))));
          expect(track.columns()).not.toBe(views);
          expect(track.columns().length).toBe(views.length + count);
        }
        // In-order appends write past every earlier snapshot's length, or into grown buffers.
        for (const { columns, copy } of snapshots) expect(copyOf(columns)).toEqual(copy);
      }),
    );
  });

  it('predicts with wouldRewrite exactly when an add changes the stored slots', () => {
    fc.assert(
      fc.property(
        arbitraryBatches(),
        arbitraryPoint().map((p) => [p]),
        (batches, extra) => {
          const track = new ColumnarTrack();
          for (const batch of batches) track.add(batch);
          for (const next of [...batches, extra]) {
            const before = copyOf(track.columns());
            const predicted = track.wouldRewrite(next);
            track.add(next);
            const after = copyOf(track.columns());
            const prefixChanged =
              after.time.slice(0, before.length).some((t, i) => t !== before.time[i]) ||
              after.positions
                .slice(0, 2 * before.length)
                .some((v, i) => !Object.is(v, before.positions[i]));
            expect(predicted).toBe(prefixChanged);
          }
        },
      ),
    );
  });

  it('keeps epoch ms and degrees exactly (float64) and the optional columns as float32 with NaN for null', () => {
    const precise: LocationPoint = {
      Time: 1_767_225_600_123,
      X: 179.99999987654,
      Y: -45.123456789012,
      Hacc: null,
      Alt: 8_848.86,
      Speed: null,
    };
    const track = ColumnarTrack.fromHistory([precise]);
    const columns = track.columns();
    expect(columns.time[0]).toBe(1_767_225_600_123);
    expect(Array.from(columns.positions)).toEqual([179.99999987654, -45.123456789012]);
    expect(columns.hacc[0]).toBeNaN();
    expect(columns.speed[0]).toBeNaN();
    expect(columns.alt[0]).toBe(Math.fround(8_848.86));
    expect(track.pointAt(0)).toEqual({ ...precise, Alt: Math.fround(8_848.86) });
  });

  it('keeps the heart rate as a bpm column, NaN where absent or null, and hands it back only where known', () => {
    const track = ColumnarTrack.fromHistory([
      { ...point(3), HeartRate: 149 },
      { ...point(1), HeartRate: 130 },
      { ...point(2), HeartRate: null },
      point(4),
    ]);
    expect(Array.from(track.columns().heartRate)).toEqual([130, Number.NaN, 149, Number.NaN]);
    expect(track.pointAt(0)).toEqual({ ...point(1), HeartRate: 130 });
    expect(track.pointAt(1)).toEqual(point(2));
    // A late point moves the column with the others.
    track.add([{ ...point(0), HeartRate: 128 }]);
    expect(Array.from(track.columns().heartRate)).toEqual([128, 130, Number.NaN, 149, Number.NaN]);
    expect(EMPTY_TRACK_COLUMNS.heartRate).toHaveLength(0);
  });

  it('sets a heart rate on the stored point of a time (a late reading), versioning only a change', () => {
    const track = ColumnarTrack.fromHistory([point(1), { ...point(2), HeartRate: 120 }], 4);
    expect(track.setHeartRate(EPOCH + 1, 101)).toBe(true);
    expect(track.version).toBe(5);
    expect(track.pointAt(0)).toEqual({ ...point(1), HeartRate: 101 });
    expect(track.setHeartRate(EPOCH + 1, 101)).toBe(false);
    expect(track.setHeartRate(EPOCH + 3, 90)).toBe(false);
    expect(track.setHeartRate(EPOCH + 2, 118)).toBe(true);
    expect(Array.from(track.columns().heartRate)).toEqual([101, 118]);
    expect(track.version).toBe(6);
    expect(() => track.setHeartRate(EPOCH + 1, 0)).toThrow(RangeError);
    expect(() => track.setHeartRate(EPOCH + 1, Number.NaN)).toThrow(RangeError);
  });

  it('interleaves positions as [lon, lat] per point for deck.gl (size 2)', () => {
    const track = ColumnarTrack.fromHistory([point(2, 10, 20), point(1, 11, 21), point(3, 12, 22)]);
    expect(Array.from(track.columns().positions)).toEqual([11, 21, 10, 20, 12, 22]);
    expect(Array.from(track.columns().time)).toEqual([EPOCH + 1, EPOCH + 2, EPOCH + 3]);
  });

  it('refuses points without a finite Time, X or Y and stores nothing of that batch', () => {
    const track = ColumnarTrack.fromHistory([point(1)]);
    for (const bad of [
      { ...point(2), Time: Number.NaN },
      { ...point(2), X: Number.POSITIVE_INFINITY },
      { ...point(2), Y: Number.NaN },
    ]) {
      expect(() => track.add([point(5), bad])).toThrow(RangeError);
    }
    expect(track.length).toBe(1);
    expect(track.version).toBe(1);
    expect(() => track.pointAt(1)).toThrow(RangeError);
    expect(() => new ColumnarTrack(-1)).toThrow(RangeError);
  });

  it('has empty shared columns for no track', () => {
    expect(EMPTY_TRACK_COLUMNS.length).toBe(0);
    expect(EMPTY_TRACK_COLUMNS.time).toHaveLength(0);
    expect(EMPTY_TRACK_COLUMNS.positions).toHaveLength(0);
    expect(Object.isFrozen(EMPTY_TRACK_COLUMNS)).toBe(true);
  });

  it('adopts columns as its storage without a copy, and never writes them as points are added', () => {
    fc.assert(
      fc.property(arbitraryBatches(), arbitraryBatches(), (loaded, later) => {
        const source = ColumnarTrack.fromHistory(loaded.flat(), 4);
        // Longer arrays than the points, as views of a received buffer may be: the spare slots must
        // stay untouched too.
        const columns = source.columns();
        const spare = { ...columns, time: new Float64Array(columns.length + 8) };
        spare.time.set(columns.time);
        const before = copyOf(spare);

        const track = ColumnarTrack.adopting(spare);
        expect(track.version).toBe(4);
        expect(track.columns().time.buffer).toBe(spare.time.buffer);
        expect(track.columns().positions.buffer).toBe(columns.positions.buffer);
        expect(track.capacity).toBe(columns.length);

        for (const batch of later) track.add(batch);
        expect(pointsOf(track.columns())).toEqual(
          referenceTrack([...loaded.flat(), ...later.flat()]),
        );
        expect(copyOf(spare)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { TrackCache, trackWindow } from '../../../server/activities/trackCache';
import type { LocationPoint } from '../../../src/api/entities/location';
import { decodeTrackBinary, encodeTrackBinary } from '../../../src/api/trackBinary';

/** A track of `n` points 1 s apart from t = 1000 ms, in the binary layout. */
function trackOf(n: number): Uint8Array {
  const points: LocationPoint[] = Array.from({ length: n }, (_, i) => ({
    Time: 1000 * (i + 1),
    X: 10 + i / 1000,
    Y: 59 + i / 1000,
    Hacc: i % 2 === 0 ? 5 : null,
    Alt: 100 + i,
    Speed: 2,
    HeartRate: 120 + i,
  }));
  return encodeTrackBinary(points);
}

describe('trackWindow', () => {
  it('answers the whole track itself when the window holds every point', () => {
    const body = trackOf(10);
    expect(trackWindow(body, 0, 10_000)).toBe(body);
  });

  it('cuts the points of [from, to] out of every column, ends inclusive', () => {
    const cut = decodeTrackBinary(trackWindow(trackOf(10), 3000, 6000).buffer as ArrayBuffer);
    expect([...cut.time]).toEqual([3000, 4000, 5000, 6000]);
    expect(cut.positions[0]).toBeCloseTo(10.002, 9);
    expect(cut.positions[7]).toBeCloseTo(59.005, 9);
    expect([...cut.alt]).toEqual([102, 103, 104, 105]);
    expect([...cut.hacc].map((h) => Number.isNaN(h))).toEqual([false, true, false, true]);
    expect([...cut.heartRate]).toEqual([122, 123, 124, 125]);
  });

  it('answers an empty track for a window between or beyond the points', () => {
    expect(
      decodeTrackBinary(trackWindow(trackOf(5), 1500, 1900).buffer as ArrayBuffer).length,
    ).toBe(0);
    expect(
      decodeTrackBinary(trackWindow(trackOf(5), 9000, 9999).buffer as ArrayBuffer).length,
    ).toBe(0);
  });

  it('reads a track that does not start its buffer', () => {
    const body = trackOf(4);
    const shifted = new Uint8Array(body.byteLength + 3);
    shifted.set(body, 3);
    const view = shifted.subarray(3);
    const cut = decodeTrackBinary(trackWindow(view, 2000, 3000).buffer as ArrayBuffer);
    expect([...cut.time]).toEqual([2000, 3000]);
  });
});

describe('TrackCache', () => {
  it('answers a track only for the version it was built for, and forgets other versions', () => {
    const cache = new TrackCache(1 << 20);
    const body = trackOf(3);
    cache.set(7, 'v1', body);
    expect(cache.get(7, 'v1')).toBe(body);
    expect(cache.get(7, 'v2')).toBeNull();
    expect(cache.get(7, 'v1')).toBeNull();
    expect(cache.bytes).toBe(0);
  });

  it('evicts the least recently used tracks beyond its budget, and keeps no track over a quarter of it', () => {
    const size = trackOf(100).byteLength;
    const cache = new TrackCache(size * 4);
    for (const id of [1, 2, 3, 4]) cache.set(id, 'v', trackOf(100));
    expect(cache.get(1, 'v')).not.toBeNull();
    cache.set(5, 'v', trackOf(100));
    expect(cache.get(2, 'v')).toBeNull();
    expect([1, 3, 4, 5].map((id) => cache.get(id, 'v') !== null)).toEqual([true, true, true, true]);
    expect(cache.bytes).toBe(size * 4);
    cache.set(6, 'v', trackOf(101));
    expect(cache.get(6, 'v')).toBeNull();
  });
});

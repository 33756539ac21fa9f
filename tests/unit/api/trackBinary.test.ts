import { describe, expect, it } from 'vitest';
import type { LocationPoint } from '../../../src/api/entities/location';
import {
  decodeTrackBinary,
  encodeTrackBinary,
  TRACK_BINARY_BYTES_PER_POINT,
} from '../../../src/api/trackBinary';

/** Two fixes on the Lysefjord: one complete, one with every optional value unknown. */
const POINTS: LocationPoint[] = [
  {
    Time: 1_764_000_000_123,
    X: 6.0532,
    Y: 59.0176,
    Hacc: 4,
    Alt: 12.5,
    Speed: 1.25,
    HeartRate: 131,
  },
  { Time: 1_764_000_001_123, X: 6.05331, Y: 59.01771, Hacc: null, Alt: null, Speed: null },
];

describe('the columnar track wire format', () => {
  it('round-trips times and positions exactly and unknown values as NaN', () => {
    const bytes = encodeTrackBinary(POINTS);
    expect(bytes.byteLength).toBe(8 + 2 * TRACK_BINARY_BYTES_PER_POINT);
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('LLT1');
    const track = decodeTrackBinary(bytes.buffer as ArrayBuffer);
    expect(track.length).toBe(2);
    expect([...track.time]).toEqual([1_764_000_000_123, 1_764_000_001_123]);
    expect([...track.positions]).toEqual([6.0532, 59.0176, 6.05331, 59.01771]);
    expect([...track.alt]).toEqual([12.5, NaN]);
    expect([...track.speed]).toEqual([1.25, NaN]);
    expect([...track.hacc]).toEqual([4, NaN]);
    expect([...track.heartRate]).toEqual([131, NaN]);
    // Views of the received bytes, not copies.
    expect(track.time.buffer).toBe(bytes.buffer);
  });

  it('encodes an empty history as a header alone', () => {
    const track = decodeTrackBinary(encodeTrackBinary([]).buffer as ArrayBuffer);
    expect(track.length).toBe(0);
    expect(track.positions).toHaveLength(0);
  });

  it('refuses bytes that are not a track, or whose length does not match their count', () => {
    expect(() => decodeTrackBinary(new ArrayBuffer(4))).toThrow(RangeError);
    const wrongMagic = encodeTrackBinary(POINTS);
    wrongMagic[0] = 0;
    expect(() => decodeTrackBinary(wrongMagic.buffer as ArrayBuffer)).toThrow(/not an LLT1/);
    const cut = encodeTrackBinary(POINTS).slice(0, 8 + TRACK_BINARY_BYTES_PER_POINT);
    expect(() => decodeTrackBinary(cut.buffer)).toThrow(/expected/);
  });
});

import type { TrackColumnsLike } from '../../../src/ui/map/trackAttributes';

/**
 * A track of `length` points in `capacity` slots (a growing track's spare room), 1 s apart from
 * 2025-07-01, heading north-east from 6° E 59° N at 3 m/s; `version` as the store's columns carry it.
 */
export function growingTrack(length: number, version = 1, capacity = length): TrackColumnsLike {
  const time = new Float64Array(capacity);
  const positions = new Float64Array(2 * capacity);
  for (let i = 0; i < capacity; i += 1) {
    time[i] = Date.UTC(2025, 6, 1) + i * 1000;
    positions[2 * i] = 6 + i * 2e-5;
    positions[2 * i + 1] = 59 + i * 2e-5;
  }
  const speed = new Float32Array(capacity).fill(3);
  return { length, version, time, positions, speed, hacc: new Float32Array(capacity) };
}

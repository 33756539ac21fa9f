import { describe, expect, it } from 'vitest';
import { positionAt } from '../../../../src/ui/map/replay';
import type { TrackColumnsLike } from '../../../../src/ui/map/trackAttributes';

/** Three fixes 10 s apart: east 0.001° then north 0.001°, then a stop (same place). */
function track(): TrackColumnsLike {
  const t0 = Date.UTC(2026, 5, 1, 8);
  return {
    length: 4,
    version: 1,
    time: new Float64Array([t0, t0 + 10_000, t0 + 20_000, t0 + 30_000]),
    positions: new Float64Array([6, 59, 6.001, 59, 6.001, 59.001, 6.001, 59.001]),
    speed: new Float32Array(4),
    hacc: new Float32Array(4),
  };
}
const T0 = Date.UTC(2026, 5, 1, 8);

describe('replay position by time (issue 7 item 3)', () => {
  it.each([
    ['before the start: the first fix', -5_000, 6, 59, 0],
    ['at a fix', 10_000, 6.001, 59, 1],
    ['a quarter into the first segment', 2_500, 6.00025, 59, 0],
    ['halfway up the second segment', 15_000, 6.001, 59.0005, 1],
    ['after the end: the last fix', 99_000, 6.001, 59.001, 3],
  ])('%s', (_name, offset, lon, lat, index) => {
    const p = positionAt(track(), T0 + offset);
    expect(p?.lon).toBeCloseTo(lon, 9);
    expect(p?.lat).toBeCloseTo(lat, 9);
    expect(p?.index).toBe(index);
  });

  it('heads along the segment travelled, and has no heading while standing still', () => {
    expect(positionAt(track(), T0 + 5_000)?.headingDeg).toBeCloseTo(90, 1);
    expect(positionAt(track(), T0 + 15_000)?.headingDeg).toBeCloseTo(0, 1);
    expect(positionAt(track(), T0 + 25_000)?.headingDeg).toBeNull();
  });

  it('has no position for an empty track', () => {
    expect(positionAt({ ...track(), length: 0 }, T0)).toBeNull();
  });
});

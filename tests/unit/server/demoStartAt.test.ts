import { describe, expect, it } from 'vitest';
import { demoStartAt } from '../../../server/demo/liveDemo';

/** A track of `count` points one second apart. */
const track = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ timeMs: 1_700_000_000_000 + i * 1_000 }));

describe('demoStartAt: where the live demo begins its first loop', () => {
  it.each([
    // points, sosAt, first SOS after (ms), speed, start fraction
    [1001, 0.5, 60_000, 1, 440 / 1000], // SOS at point 500, one minute (60 points) before it
    [1001, 0.5, 60_000, 4, 260 / 1000], // at 4× a minute of device time is 240 s of the recording
    [1001, 0.5, 0, 1, 0.5], // no lead: begin on the SOS point itself
    [1001, 0.2, 600_000, 1, 0], // the lead reaches past the start: begin at the first point
    [1001, 0, 60_000, 1, 0], // an SOS on the first point
    [1, 0.5, 60_000, 1, 0], // a single point
  ])('%i points, SOS at %f, %i ms ahead at %i× → %f', (count, sosAt, leadMs, speed, expected) => {
    expect(demoStartAt(track(count), sosAt, leadMs, speed)).toBeCloseTo(expected, 10);
  });

  it('counts the recording time, not points, where the spacing varies', () => {
    // Ten points a second apart, then one 60 s gap, then the SOS point.
    const points = [...track(10), { timeMs: 1_700_000_000_000 + 9_000 + 60_000 }];
    expect(demoStartAt(points, 1, 30_000, 1)).toBeCloseTo(9 / 10, 10);
  });
});

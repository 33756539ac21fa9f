import { describe, expect, it } from 'vitest';
import {
  DEMO_DEFAULT_SOS_AT,
  DEMO_FIRST_SOS_AFTER_MS,
  DEMO_LIVE_SPAN_MS,
  demoStartAt,
  liveSpan,
} from '../../../server/demo/liveDemo';
import { DEMO_LIVE, readDemoTrack } from '../../../server/demo/demoTracks';
import { LOOP_CLOSED_WITHIN_M, replaySteps } from '../../../tools/simulator';
import { distanceM } from '../../../tools/simulator/motion';

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

describe('the live demo loop on the real paddle', () => {
  it('paddles its first 30 minutes out and back at the real pace: an SOS 3 minutes in, then every 30', async () => {
    const tracks = await readDemoTrack(DEMO_LIVE.file);
    const paddle = liveSpan(
      (tracks.find((track) => track.sport?.toLowerCase() === DEMO_LIVE.sport) ?? tracks[0])
        ?.points ?? [],
    );
    const spanMs = (paddle.at(-1)?.timeMs ?? 0) - (paddle[0]?.timeMs ?? 0);
    expect(spanMs).toBeLessThanOrEqual(DEMO_LIVE_SPAN_MS);
    expect(spanMs).toBeGreaterThan(DEMO_LIVE_SPAN_MS - 10_000);
    const [first, last] = [paddle[0], paddle.at(-1)];
    if (!first || !last) throw new Error('no paddle');
    expect(distanceM(first, last)).toBeGreaterThan(LOOP_CLOSED_WITHIN_M);

    const startMs = Date.UTC(2026, 10, 28, 12);
    const startAt = demoStartAt(paddle, DEMO_DEFAULT_SOS_AT, DEMO_FIRST_SOS_AFTER_MS, 1);
    const sosTimes: number[] = [];
    for (const step of replaySteps(paddle, {
      speed: 1,
      loop: true,
      sosAt: DEMO_DEFAULT_SOS_AT,
      startAt,
      startMs,
    })) {
      if (step.sos) sosTimes.push(step.deviceTimeMs - startMs);
      if (sosTimes.length === 3) break;
    }
    const minutes = sosTimes.map((ms) => Math.round(ms / 60_000));
    expect(minutes).toEqual([3, 33, 63]);
  });
});

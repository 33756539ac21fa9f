import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accumulateFixes,
  STATS_MAX_HACC_M,
  type StatsFix,
  type StatsState,
} from '../../../server/telemetry/activityStats';
import {
  foldLateFixes,
  NEIGHBOURHOOD_FIXES,
  type LateFixNeighbourhood,
} from '../../../server/telemetry/lateFold';

const START = Date.UTC(2026, 11, 6, 8, 0, 0);

/** What the neighbourhood read (timelineLoad.ts) answers for `newTimes` among all `fixes`. */
function neighbourhood(
  fixes: readonly StatsFix[],
  newTimes: ReadonlySet<number>,
): LateFixNeighbourhood {
  const times = [...newTimes];
  const [first, last] = [Math.min(...times), Math.max(...times)];
  const before = fixes.filter((fix) => fix.time < first).slice(-NEIGHBOURHOOD_FIXES);
  const after = fixes.filter((fix) => fix.time > last).slice(0, NEIGHBOURHOOD_FIXES);
  return {
    fixes: [...before, ...fixes.filter((fix) => fix.time >= first && fix.time <= last), ...after],
    newTimes,
    reachesStart: before.length < NEIGHBOURHOOD_FIXES,
    reachesEnd: after.length < NEIGHBOURHOOD_FIXES,
  };
}

/**
 * One fix of a generated track: the step since the last fix and what it reports. `sparse`: a device
 * that reports a speed with one fix in four and sends many untrusted fixes, so that a neighbourhood
 * may hold too few speeds or trusted fixes on a side.
 */
const fixStep = (sparse: boolean) =>
  fc.record({
    seconds: fc.integer({ min: 1, max: 6 }),
    northM: fc.double({ min: -40, max: 40, noNaN: true }),
    eastM: fc.double({ min: -40, max: 40, noNaN: true }),
    // Now and then a fix too inaccurate for the stats, or one without a speed.
    hacc: fc.oneof(
      { weight: sparse ? 1 : 6, arbitrary: fc.constant(5) },
      { weight: 1, arbitrary: fc.constant(STATS_MAX_HACC_M + 30) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    speed: fc.oneof(
      { weight: sparse ? 3 : 1, arbitrary: fc.constant(null) },
      { weight: sparse ? 1 : 6, arbitrary: fc.double({ min: 0, max: 12, noNaN: true }) },
    ),
  });

/** A track of 40–160 fixes from (59.9° N, 10.7° E), in time order, and whether it is sparse. */
const track = fc.boolean().chain((sparse) =>
  fc.array(fixStep(sparse), { minLength: 40, maxLength: 160 }).map((steps) => {
    let [time, lat, lon] = [START, 59.9, 10.7];
    const fixes = steps.map((step): StatsFix => {
      time += step.seconds * 1000;
      lat += step.northM / 111_000;
      lon += step.eastM / 55_000;
      return { time, lat, lon, hacc: step.hacc, speed: step.speed };
    });
    return { sparse, fixes };
  }),
);

/** A track and the order its fixes arrive in: mostly in order, some of them late. */
const arrivals = track.chain(({ sparse, fixes }) =>
  fc.record({
    sparse: fc.constant(sparse),
    fixes: fc.constant(fixes),
    late: fc.uniqueArray(fc.integer({ min: 1, max: fixes.length - 1 }), {
      minLength: 1,
      maxLength: 12,
    }),
    batch: fc.integer({ min: 1, max: 3 }),
  }),
);

describe('folding late fixes from their neighbourhood (issue 5 item 2)', () => {
  it('answers exactly the whole fold, or null, for late fixes arriving in batches', () => {
    const folds = { folded: 0, whole: 0 };
    fc.assert(
      fc.property(arrivals, ({ sparse, fixes, late, batch }) => {
        const lateTimes = new Set(late.map((index) => fixes[index]?.time));
        const stored = fixes.filter((fix) => !lateTimes.has(fix.time));
        let state: StatsState = accumulateFixes(stored);
        const pending = fixes.filter((fix) => lateTimes.has(fix.time)).reverse();
        while (pending.length > 0) {
          const arrived = pending.splice(0, batch);
          stored.push(...arrived);
          stored.sort((a, b) => a.time - b.time);
          const whole = accumulateFixes(stored);
          const patched = foldLateFixes(
            state,
            neighbourhood(stored, new Set(arrived.map((fix) => fix.time))),
          );
          if (!sparse) folds[patched === null ? 'whole' : 'folded'] += 1;
          if (patched !== null) expect(patched).toEqual(whole);
          state = patched ?? whole;
        }
        expect(state).toEqual(accumulateFixes(fixes));
      }),
      { numRuns: 300, seed: 20261206 },
    );
    // Most late fixes of a usual track fold from their neighbourhood: the test exercises the patch,
    // not only the fallback.
    expect(folds.folded).toBeGreaterThan(3 * folds.whole);
  });

  it('leaves the totals alone when every late fix is too inaccurate to count', () => {
    const fixes = Array.from({ length: 60 }, (_, i) => ({
      time: START + i * 1000,
      lat: 59.9 + i * 0.0001,
      lon: 10.7,
      hacc: i === 30 ? STATS_MAX_HACC_M + 1 : 5,
      speed: 1 + (i % 4),
    }));
    const state = accumulateFixes(fixes.filter((_, i) => i !== 30));
    expect(foldLateFixes(state, neighbourhood(fixes, new Set([START + 30_000])))).toBe(state);
  });

  it('takes a tie for the top speed from the latest window, to the bit (0 and −0)', () => {
    // A device reporting −0 while still, then 0: the last three fixes arrive late.
    const fixes = Array.from({ length: 60 }, (_, i) => ({
      time: START + i * 1000,
      lat: 59.9 + i * 0.0001,
      lon: 10.7,
      hacc: 5,
      speed: i < 57 ? -0 : 0,
    }));
    const lateTimes = new Set(fixes.slice(57).map((fix) => fix.time));
    const state = accumulateFixes(fixes.slice(0, 57));
    const patched = foldLateFixes(state, neighbourhood(fixes, lateTimes));
    expect(patched).toEqual(accumulateFixes(fixes));
    expect(Object.is(patched?.maxReportedMps, 0)).toBe(true);
  });

  it('folds the whole activity again when a late fix splits the window of the top speed', () => {
    // A burst of 9 m/s over fixes 20–24 (the latest window with that median ends at fix 26). The
    // late fix 22 lands inside that window: whether another window still reaches the top, only the
    // whole activity knows.
    const fixes = Array.from({ length: 60 }, (_, i) => ({
      time: START + i * 1000,
      lat: 59.9 + i * 0.00002,
      lon: 10.7,
      hacc: 5,
      speed: i >= 20 && i <= 24 && i !== 22 ? 9 : i === 22 ? 1 : 2,
    }));
    const lateTime = START + 22_000;
    const state = accumulateFixes(fixes.filter((fix) => fix.time !== lateTime));
    expect(state.maxReportedAtMs).toBe(START + 26_000);
    expect(foldLateFixes(state, neighbourhood(fixes, new Set([lateTime])))).toBeNull();
  });

  it('folds the whole activity again for totals stored before the top-speed times were kept', () => {
    const fixes = Array.from({ length: 60 }, (_, i) => ({
      time: START + i * 1000,
      lat: 59.9 + i * 0.00002,
      lon: 10.7,
      hacc: 5,
      speed: 2,
    }));
    const lateTime = START + 30_000;
    const older: Record<string, unknown> = {
      ...accumulateFixes(fixes.filter((fix) => fix.time !== lateTime)),
    };
    delete older.maxReportedAtMs;
    delete older.maxSegmentAtMs;
    expect(
      foldLateFixes(older as unknown as StatsState, neighbourhood(fixes, new Set([lateTime]))),
    ).toBeNull();
    const unquantised = { ...accumulateFixes(fixes), distanceM: 123.456 };
    expect(foldLateFixes(unquantised, neighbourhood(fixes, new Set([lateTime])))).toBeNull();
  });
});

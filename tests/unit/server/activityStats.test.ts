import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accumulateFixes,
  statsColumns,
  TOP_SPEED_WINDOW,
  type StatsFix,
} from '../../../server/telemetry/activityStats';

/** The median of `values` from a sorted copy: the rule written out independently. */
function referenceMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The highest median of five consecutive speeds, or the median of all while fewer (m/s). */
function referenceTop(speeds: readonly number[]): number {
  if (speeds.length < TOP_SPEED_WINDOW) return referenceMedian(speeds);
  let top = -Infinity;
  for (let start = 0; start + TOP_SPEED_WINDOW <= speeds.length; start += 1) {
    top = Math.max(top, referenceMedian(speeds.slice(start, start + TOP_SPEED_WINDOW)));
  }
  return top;
}

/** Fixes standing still 1 s apart reporting `speeds` (m/s): the top speed is the reported one's. */
const fixesReporting = (speeds: readonly number[]): StatsFix[] =>
  speeds.map((speed, index) => ({ time: 1_000 * index, lat: 59, lon: 6, hacc: 5, speed }));

describe('the top speed (SpeedMaxMPS) of reported speeds', () => {
  it('is the highest median of five consecutive speeds, ties and short series included', () => {
    // Whole speeds from a few values make windows with ties; doubles make every order.
    const speed = fc.oneof(
      fc.integer({ min: 0, max: 3 }),
      fc.double({ min: 0, max: 30, noNaN: true }),
    );
    fc.assert(
      fc.property(fc.array(speed, { minLength: 1, maxLength: 12 }), (speeds) => {
        const { speed_max_mps } = statsColumns(accumulateFixes(fixesReporting(speeds)));
        expect(speed_max_mps).toBe(referenceTop(speeds));
      }),
      { numRuns: 400 },
    );
  });

  it('takes the mean of the middle two of an even count (fewer fixes than a window)', () => {
    expect(statsColumns(accumulateFixes(fixesReporting([4, 1, 3, 2]))).speed_max_mps).toBe(2.5);
  });

  it('ignores one or two glitches in a window, counts a burst of three', () => {
    const glitch = [2, 2, 40, 40, 2, 2, 2];
    const burst = [2, 2, 9, 9, 9, 2, 2];
    expect(statsColumns(accumulateFixes(fixesReporting(glitch))).speed_max_mps).toBe(2);
    expect(statsColumns(accumulateFixes(fixesReporting(burst))).speed_max_mps).toBe(9);
  });
});

import { describe, expect, it } from 'vitest';
import {
  AGE_JUST_NOW_MS,
  AGE_TICK_MS,
  dataAge,
  isAgeQuiet,
  nextAgeReadAt,
} from '../../../../src/store/realtime/dataFreshness';

const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

/** When a line shown at `now` for a fix at `lastFixTime` reads the clock again. */
const readAt = (lastFixTime: number | null, intervals: number[], now: number) =>
  nextAgeReadAt(lastFixTime, dataAge(lastFixTime, intervals, now), now);

describe('when a data-age line reads the clock again (docs/share-viewing.md "Data age")', () => {
  it.each([
    // [case, fix age ms, recent intervals ms, quiet]
    ['1 Hz, fix 0.1 s old', 100, [1_000, 1_000], true],
    ['1 Hz, fix 4.999 s old', 4_999, [1_000, 1_000], true],
    ['1 Hz, fix 5 s old: a report missed', 5_000, [1_000, 1_000], false],
    ['every 9.999 s, fix 1 s old', 1_000, [9_999], true],
    ['every 10 s, fix 1 s old: counts down', 1_000, [10_000], false],
    ['two fixes not yet seen (60 s assumed)', 1_000, [], false],
  ])('%s', (_case, ageMs, intervals, quiet) => {
    const now = T0 + ageMs;
    expect(isAgeQuiet(dataAge(T0, intervals, now))).toBe(quiet);
    expect(readAt(T0, intervals, now)).toBe(quiet ? T0 + AGE_JUST_NOW_MS : now + AGE_TICK_MS);
  });

  it('waits for a fix stamped ahead of the clock until it is 5 s old', () => {
    expect(readAt(T0 + 2_000, [1_000], T0)).toBe(T0 + 2_000 + AGE_JUST_NOW_MS);
  });

  it('never, before the first fix', () => {
    expect(readAt(null, [], T0)).toBeNull();
  });

  it('before the freshness changes: a quiet line wakes up while still live', () => {
    for (const interval of [500, 1_000, 5_000, 9_999]) {
      const wake = readAt(T0, [interval, interval], T0);
      expect(wake).not.toBeNull();
      expect(dataAge(T0, [interval, interval], T0).freshnessUntil).toBeGreaterThan(wake ?? 0);
    }
  });
});

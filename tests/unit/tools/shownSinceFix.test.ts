import { describe, expect, it } from 'vitest';
import { shownSinceFix } from '../../../bench/lib/shownSinceFix';

describe('shownSinceFix (share.latency, docs/bench-latency.md)', () => {
  // The page showed fix 1 at 1,100 ms, skipped fix 2, showed fix 3 at 3,050 and fix 5 at 5,200.
  const shownFrom = shownSinceFix(
    new Map([
      [3, 3050],
      [1, 1100],
      [5, 5200],
    ]),
  );

  it('answers when a fix itself was shown', () => {
    expect(shownFrom(1)).toBe(1100);
    expect(shownFrom(3)).toBe(3050);
  });

  it('answers a skipped fix with the first later fix shown', () => {
    expect(shownFrom(2)).toBe(3050);
    expect(shownFrom(4)).toBe(5200);
  });

  it('takes the earliest showing among later fixes, in any order of showing', () => {
    // A late re-render of an older text does not make a later fix's time earlier than its own.
    expect(
      shownSinceFix(
        new Map([
          [4, 900],
          [3, 1000],
        ]),
      )(2),
    ).toBe(900);
  });

  it('has no answer for a fix after the last one shown', () => {
    expect(shownFrom(6)).toBeUndefined();
  });
});

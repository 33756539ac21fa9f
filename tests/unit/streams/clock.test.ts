import { timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { now } from '../../../src/streams/clock';

describe('now (issue 6 item 1 clock)', () => {
  it('is the wall clock outside tests', () => {
    const before = Date.now();
    const value = now();
    expect(value).toBeGreaterThanOrEqual(before);
    expect(value).toBeLessThanOrEqual(Date.now());
  });

  it('is the virtual clock inside TestScheduler.run, agreeing with rxjs timers', () => {
    const seen: number[] = [];
    new TestScheduler((actual, expected) => {
      expect(actual).toEqual(expected);
    }).run(({ flush }) => {
      seen.push(now());
      timer(4_000).subscribe(() => seen.push(now()));
      timer(6_000).subscribe(() => seen.push(now()));
      flush();
    });
    expect(seen).toEqual([0, 4_000, 6_000]);
  });
});

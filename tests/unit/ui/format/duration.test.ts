import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../../../src/ui/format';

describe('formatDuration (ms → m:ss, or h:mm:ss from an hour)', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [1000, '0:01'],
    [59_999, '0:59'],
    [60_000, '1:00'],
    [724_000, '12:04'],
    [3_599_999, '59:59'],
    [3_600_000, '1:00:00'],
    [3_909_000, '1:05:09'],
    [93_780_000, '26:03:00'],
    [-5000, '-0:05'],
    [-500, '0:00'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('throws RangeError for NaN', () => {
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});

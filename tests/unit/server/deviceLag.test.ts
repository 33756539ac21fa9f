import { describe, expect, it } from 'vitest';
import {
  clockLagMs,
  heardAfter,
  MAX_CLOCK_LAG_MS,
  type DeviceHeard,
} from '../../../server/telemetry/deviceLag';

const NEVER: DeviceHeard = { heardMs: null, heardDeviceMs: null };
const T = Date.UTC(2026, 10, 29, 6, 0);

describe('a device\'s clock lag (docs/decisions.md "Whose clock")', () => {
  it.each<[string, DeviceHeard, number]>([
    ['never heard', NEVER, 0],
    ['on time', { heardMs: T + 800, heardDeviceMs: T }, 800],
    ['35 minutes slow', { heardMs: T + 35 * 60_000, heardDeviceMs: T }, 35 * 60_000],
    ['4 minutes fast', { heardMs: T, heardDeviceMs: T + 4 * 60_000 }, -4 * 60_000],
    [
      'local time of UTC−12 sent as UTC',
      { heardMs: T + 12 * 3_600_000, heardDeviceMs: T },
      12 * 3_600_000,
    ],
    ['exactly the limit', { heardMs: T + MAX_CLOCK_LAG_MS, heardDeviceMs: T }, MAX_CLOCK_LAG_MS],
    [
      'over the limit: an upload of the past',
      { heardMs: T + MAX_CLOCK_LAG_MS + 1, heardDeviceMs: T },
      0,
    ],
  ])('%s', (_name, heard, lag) => {
    expect(clockLagMs(heard)).toBe(lag);
  });

  it('is measured again only by an item newer than any heard before', () => {
    const first = heardAfter(NEVER, T + 1000, T);
    expect(first).toEqual({ heardMs: T + 1000, heardDeviceMs: T });
    // A late or re-sent item, or an empty request, says nothing of the clock now.
    expect(heardAfter(first, T + 60_000, T - 5_000)).toBe(first);
    expect(heardAfter(first, T + 60_000, T)).toBe(first);
    expect(heardAfter(first, T + 60_000, null)).toBe(first);
    expect(heardAfter(first, T + 61_000, T + 60_000)).toEqual({
      heardMs: T + 61_000,
      heardDeviceMs: T + 60_000,
    });
  });
});

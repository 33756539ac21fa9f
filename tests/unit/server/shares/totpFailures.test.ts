import { describe, expect, it } from 'vitest';
import {
  TOTP_FAILURE_WINDOW_MS,
  TOTP_MAX_FAILURES,
  createTotpFailures,
} from '../../../../server/shares/totpFailures';

describe('createTotpFailures', () => {
  const t0 = 1_790_000_000_000;

  it('locks a share after the maximum of wrong codes in its window, and only that share', () => {
    const failures = createTotpFailures();
    for (let i = 0; i < TOTP_MAX_FAILURES - 1; i += 1) failures.record('share-a', t0 + i);
    expect(failures.locked('share-a', t0 + 100)).toBe(false);
    failures.record('share-a', t0 + 100);
    expect(failures.locked('share-a', t0 + 100)).toBe(true);
    expect(failures.locked('share-b', t0 + 100)).toBe(false);
  });

  it('opens again once the window that began with the first failure has passed', () => {
    const failures = createTotpFailures(2, 1_000);
    failures.record('share-a', t0);
    failures.record('share-a', t0 + 500);
    expect(failures.locked('share-a', t0 + 999)).toBe(true);
    expect(failures.locked('share-a', t0 + 1_000)).toBe(false);
    failures.record('share-a', t0 + 1_000);
    expect(failures.locked('share-a', t0 + 1_001)).toBe(false);
  });

  it('defaults to 10 wrong codes per 10 minutes', () => {
    expect([TOTP_MAX_FAILURES, TOTP_FAILURE_WINDOW_MS]).toEqual([10, 600_000]);
  });
});

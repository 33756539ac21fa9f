import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_SHARE_DEFAULT_TTL_MS,
  JOURNEY_SHARE_GRACE_MS,
  SHARE_MAX_LIFETIME_MS,
  shareExpiresAt,
} from '../../../../server/shares/shareExpiry';
import {
  InvalidShareRequestError,
  checkShareTarget,
  type ShareTarget,
} from '../../../../server/shares/shareTarget';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
const activity: ShareTarget = { kind: 'activity', activityId: 5 };
const journey = (startMs: number, endMs: number): ShareTarget => ({
  kind: 'journey',
  startMs,
  endMs,
});

describe('shareExpiresAt', () => {
  it('documents its defaults: 7 days, 7 days after a journey, at most 366 days', () => {
    expect([ACTIVITY_SHARE_DEFAULT_TTL_MS, JOURNEY_SHARE_GRACE_MS, SHARE_MAX_LIFETIME_MS]).toEqual([
      7 * DAY,
      7 * DAY,
      366 * DAY,
    ]);
  });

  it.each([
    ['an activity, by default: 7 days from now', activity, null, NOW + 7 * DAY],
    [
      'a journey ending tomorrow: 7 days after its end',
      journey(NOW, NOW + DAY),
      null,
      NOW + 8 * DAY,
    ],
    ['a journey over long ago: 7 days from now', journey(0, NOW - 30 * DAY), null, NOW + 7 * DAY],
    [
      'a journey ending in two years: capped at 366 days',
      journey(NOW, NOW + 730 * DAY),
      null,
      NOW + 366 * DAY,
    ],
    ['a chosen hour', activity, NOW + 3_600_000, NOW + 3_600_000],
    ['a chosen minute, the least', activity, NOW + 60_000, NOW + 60_000],
    ['a chosen 366 days, the most', journey(NOW, NOW + DAY), NOW + 366 * DAY, NOW + 366 * DAY],
  ])('%s', (_name, target, requested, expected) => {
    expect(shareExpiresAt(target, requested, NOW)).toBe(expected);
  });

  it.each([
    ['in the past', NOW - 1],
    ['now', NOW],
    ['under a minute away', NOW + 59_999],
    ['beyond 366 days', NOW + 366 * DAY + 1],
    ['not an integer', NOW + 3_600_000.5],
  ])('refuses a chosen expiry %s', (_name, requested) => {
    let caught: unknown;
    try {
      shareExpiresAt(activity, requested, NOW);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidShareRequestError);
    expect((caught as InvalidShareRequestError).field).toBe('expiresAtMs');
  });
});

describe('checkShareTarget', () => {
  it.each([
    ['an activity', activity, true],
    ['a journey of one millisecond', journey(NOW, NOW + 1), true],
    ['a journey ending as it starts', journey(NOW, NOW), false],
    ['a journey ending before it starts', journey(NOW, NOW - 1), false],
    ['a journey before 1970', journey(-1, NOW), false],
    ['a journey with a fractional time', journey(NOW, NOW + 0.5), false],
  ])('%s → %s', (_name, target, valid) => {
    const check = () => {
      checkShareTarget(target);
    };
    if (valid) expect(check).not.toThrow();
    else expect(check).toThrow(InvalidShareRequestError);
  });
});

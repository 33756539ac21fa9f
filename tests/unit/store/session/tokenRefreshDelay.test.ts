import { describe, expect, it } from 'vitest';
import type { IdentitySession } from '../../../../src/api/identity';
import { tokenRefreshDelayMs } from '../../../../src/store/session/tokenRefreshDelay';
import { signedInIdentity } from '../testDependencies';

const T0 = Date.UTC(2026, 10, 29, 12);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A session whose ID token the identity service issued at `issuedAt` for `lifetimeMs`. */
const session = (
  issuedAt: number | undefined,
  lifetimeMs: number,
  clockDriftMs?: number,
): IdentitySession => ({
  ...signedInIdentity((issuedAt ?? T0) + lifetimeMs),
  ...(issuedAt === undefined ? {} : { issuedAt }),
  ...(clockDriftMs === undefined ? {} : { clockDriftMs }),
});

describe('when the identity session is refreshed (spec §4 token refresh)', () => {
  it.each([
    ['a 1-hour token just issued, clocks agree', session(T0, HOUR, 0), T0, 55 * MINUTE],
    [
      'the same token restored 40 minutes later',
      session(T0, HOUR, 0),
      T0 + 40 * MINUTE,
      15 * MINUTE,
    ],
    [
      'a device clock an hour ahead, its drift known',
      session(T0, HOUR, HOUR),
      T0 + HOUR,
      55 * MINUTE,
    ],
    [
      'a device clock 10 minutes behind',
      session(T0, HOUR, -10 * MINUTE),
      T0 - 10 * MINUTE,
      55 * MINUTE,
    ],
    [
      'a 5-minute token: half its life before it ends',
      session(T0, 5 * MINUTE, 0),
      T0,
      2.5 * MINUTE,
    ],
    ['a 9-minute token', session(T0, 9 * MINUTE, 0), T0, 4.5 * MINUTE],
    [
      'no issue time nor drift known (as before): the lead alone',
      session(undefined, HOUR),
      T0,
      55 * MINUTE,
    ],
    [
      'a clock an hour ahead and nothing known: the floor, not a loop',
      session(undefined, HOUR),
      T0 + HOUR,
      10_000,
    ],
    ['a token already expired on restore: the floor', session(T0, HOUR, 0), T0 + 2 * HOUR, 10_000],
  ])('%s', (_case, identity, nowMs, expectedMs) => {
    expect(tokenRefreshDelayMs(identity, nowMs)).toBe(expectedMs);
  });
});

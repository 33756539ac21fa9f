import { describe, expect, it } from 'vitest';
import { IdentityError, type IdentitySession } from '../../../../src/api/identity';
import {
  refreshEndsSession,
  tokenRefreshDelayMs,
  tokenRefreshRetryDelayMs,
} from '../../../../src/store/session/tokenRefreshDelay';
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

describe('a refresh that failed (spec §4 "token-refresh failure (goes home)")', () => {
  it.each([
    ['NotAuthorizedException', 'Refresh Token has been revoked', true],
    ['NotAuthorizedException', 'Refresh Token has expired', true],
    ['UserNotFoundException', 'User does not exist.', true],
    ['UserNotConfirmedException', 'User is not confirmed.', true],
    ['PasswordResetRequiredException', 'Password reset required for the user', true],
    ['NotAuthenticated', 'User is not authenticated', true],
    ['NetworkError', 'Network error', false],
    ['TooManyRequestsException', 'Rate exceeded', false],
    ['InternalErrorException', 'Internal error', false],
    // A 502 from a proxy: the library fails to read its body's error type.
    ['TypeError', "Cannot read properties of undefined (reading 'split')", false],
  ])('%s (%s) ends the session: %s', (code, message, ends) => {
    expect(refreshEndsSession(new IdentityError(code, message))).toBe(ends);
  });

  it("reads the library's own error objects too", () => {
    expect(refreshEndsSession({ code: 'NotAuthorizedException', message: 'revoked' })).toBe(true);
    expect(
      refreshEndsSession(Object.assign(new Error('Network error'), { code: 'NetworkError' })),
    ).toBe(false);
  });

  it.each([
    [1, 15_000],
    [2, 30_000],
    [3, 60_000],
    [4, 120_000],
    [5, 240_000],
    [6, 300_000],
    [50, 300_000],
  ])('waits before the new try number %i: %i ms', (retry, ms) => {
    expect(tokenRefreshRetryDelayMs(retry)).toBe(ms);
  });
});

import type { FastifyInstance } from 'fastify';
import type { CognitoUserPool } from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterFailure,
  afterRefusedAttempt,
  afterSuccess,
  isLockedOut,
  LOCKOUT_MAX_MS,
  lockoutDurationMs,
  NO_LOCKOUT,
  type LockoutState,
} from '../../../../server/identity/lockout';
import { createTestDatabase, type TestDatabase } from '../testServer';
import {
  amz,
  buildIdentityApp,
  clientPool,
  expectCode,
  latestCode,
  listen,
  MemoryStorage,
  signIn,
  testClock,
  userOf,
  poolOf,
} from './identityKit';

describe('lockout rules (identity-protocol.md §6 "Lockout")', () => {
  it('locks for 2^(n-5) s after n ≥ 5 failures, capped at about 15 minutes', () => {
    expect([0, 4, 5, 6, 7, 14, 15, 40].map(lockoutDurationMs)).toEqual([
      0,
      0,
      1000,
      2000,
      4000,
      512_000,
      LOCKOUT_MAX_MS,
      LOCKOUT_MAX_MS,
    ]);
  });

  it('does not extend a lockout for attempts made during it', () => {
    let state: LockoutState = NO_LOCKOUT;
    for (let i = 0; i < 6; i += 1) state = afterFailure(state, 0);
    expect(state).toMatchObject({ failures: 6, lockedUntilMs: 2000 });
    state = afterRefusedAttempt(state, 1500);
    expect(state).toEqual({ failures: 6, lockedUntilMs: 2000, lastAttemptMs: 1500 });
    expect(isLockedOut(state, 1999)).toBe(true);
    expect(isLockedOut(state, 2000)).toBe(false);
  });

  it('starts again after a success or after 15 quiet minutes', () => {
    let state: LockoutState = NO_LOCKOUT;
    for (let i = 0; i < 5; i += 1) state = afterFailure(state, 0);
    expect(afterFailure(state, 15 * 60_000)).toMatchObject({ failures: 1, lockedUntilMs: null });
    expect(afterFailure(state, 15 * 60_000 - 1)).toMatchObject({ failures: 6 });
    expect(afterSuccess(5000)).toEqual({ failures: 0, lockedUntilMs: null, lastAttemptMs: 5000 });
  });
});

describe('lockout through the real client with an injected clock', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let pool: CognitoUserPool;
  const storage = new MemoryStorage();
  const clock = testClock();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildIdentityApp(database.db, { now: clock.now });
    pool = clientPool(app, await listen(app), storage);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  async function createUser(email: string): Promise<string> {
    const res = await amz(app, 'SignUp', {
      ClientId: poolOf(app).clientId,
      Username: email,
      Password: 'Correct-Horse-1',
    });
    await amz(app, 'ConfirmSignUp', {
      ClientId: poolOf(app).clientId,
      Username: email,
      ConfirmationCode: await latestCode(database.db, email),
    });
    return String(res.body.UserSub);
  }

  async function failures(sub: string): Promise<number> {
    const row = await database.db
      .selectFrom('identity_users')
      .select('failed_sign_ins')
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow();
    return row.failed_sign_ins;
  }

  const wrong = (email: string) => signIn(userOf(pool, email, storage), 'Wrong-Horse-1');
  const right = (email: string) => signIn(userOf(pool, email, storage), 'Correct-Horse-1');
  const incorrect = (email: string) =>
    expectCode(wrong(email), 'NotAuthorizedException', 'Incorrect username or password.');
  const exceeded = (attempt: Promise<unknown>) =>
    expectCode(attempt, 'NotAuthorizedException', 'Password attempts exceeded');

  it('refuses the sixth wrong password in a row and doubles the lockout', async () => {
    const email = 'lock@example.com';
    const sub = await createUser(email);
    for (let i = 0; i < 5; i += 1) await incorrect(email);
    await exceeded(wrong(email));
    await exceeded(right(email));
    expect(await failures(sub)).toBe(5);

    clock.advance(1000);
    await incorrect(email); // n = 6: locked for 2 s
    clock.advance(1000);
    await exceeded(right(email)); // does not extend the lockout
    clock.advance(1000);
    const session = await right(email);
    expect(session.isValid()).toBe(true);
    expect(await failures(sub)).toBe(0);
  });

  it('forgets the failures after 15 quiet minutes', async () => {
    const email = 'quiet@example.com';
    const sub = await createUser(email);
    for (let i = 0; i < 5; i += 1) await incorrect(email);
    clock.advance(15 * 60_000);
    await incorrect(email);
    expect(await failures(sub)).toBe(1);
  });

  it('never counts failed refreshes', async () => {
    const email = 'refresh@example.com';
    const sub = await createUser(email);
    for (let i = 0; i < 8; i += 1) {
      const res = await amz(app, 'InitiateAuth', {
        ClientId: poolOf(app).clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: `not-a-token-${i}`, DEVICE_KEY: null },
      });
      expect(res.body).toEqual({
        __type: 'NotAuthorizedException',
        message: 'Invalid Refresh Token',
      });
    }
    expect(await failures(sub)).toBe(0);
    expect((await right(email)).isValid()).toBe(true);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testServer';
import { amz, buildIdentityApp, latestCode, poolOf, testClock } from './identityKit';

// Code lifetimes, single use and Cognito's per-user hourly limits (identity-protocol.md §6), with an
// injected clock.

const HOUR_MS = 60 * 60_000;
let database: TestDatabase;
let app: FastifyInstance;
const clock = testClock();
let clientId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildIdentityApp(database.db, { now: clock.now });
  clientId = poolOf(app).clientId;
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const signUp = (email: string) =>
  amz(app, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: 'Correct-Horse-1',
    ValidationData: null,
    ClientMetadata: {},
  });
const confirm = (email: string, code: string) =>
  amz(app, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: email,
    ConfirmationCode: code,
    ForceAliasCreation: false,
  });
const resend = (email: string) =>
  amz(app, 'ResendConfirmationCode', { ClientId: clientId, Username: email });

function wrongCode(code: string): string {
  return code === '000000' ? '000001' : '000000';
}

describe('sign-up codes', () => {
  it('expire after 24 hours; a resent code replaces the old one', async () => {
    const email = 'late@example.com';
    expect((await signUp(email)).status).toBe(200);
    const first = await latestCode(database.db, email);
    clock.advance(24 * HOUR_MS);
    expect((await confirm(email, first)).body).toEqual({
      __type: 'ExpiredCodeException',
      message: 'Invalid code provided, please request a code again.',
    });
    const res = await resend(email);
    expect(res.body).toEqual({
      CodeDeliveryDetails: {
        Destination: 'l***@e***',
        DeliveryMedium: 'EMAIL',
        AttributeName: 'email',
      },
    });
    const second = await latestCode(database.db, email);
    if (second !== first)
      expect((await confirm(email, first)).body.__type).toBe('CodeMismatchException');
    clock.advance(24 * HOUR_MS - 1);
    expect((await confirm(email, second)).status).toBe(200);
    expect((await resend(email)).body).toEqual({
      __type: 'InvalidParameterException',
      message: 'User is already confirmed.',
    });
  });

  it('allows 15 ConfirmSignUp attempts per hour, then LimitExceededException', async () => {
    const email = 'guess@example.com';
    await signUp(email);
    const code = await latestCode(database.db, email);
    for (let i = 0; i < 15; i += 1) {
      expect((await confirm(email, wrongCode(code))).body).toEqual({
        __type: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
    }
    expect((await confirm(email, code)).body).toEqual({
      __type: 'LimitExceededException',
      message: 'Attempt limit exceeded, please try after some time.',
    });
    clock.advance(HOUR_MS);
    expect((await confirm(email, code)).status).toBe(200);
  });

  it('allows 5 ResendConfirmationCode per hour', async () => {
    const email = 'resend@example.com';
    await signUp(email);
    for (let i = 0; i < 5; i += 1) expect((await resend(email)).status).toBe(200);
    expect((await resend(email)).body.__type).toBe('LimitExceededException');
    clock.advance(HOUR_MS);
    expect((await resend(email)).status).toBe(200);
  });
});

describe('forgot-password codes', () => {
  it('expire after 1 hour and are single use', async () => {
    const email = 'forgot@example.com';
    await signUp(email);
    await confirm(email, await latestCode(database.db, email));
    const forgot = () => amz(app, 'ForgotPassword', { ClientId: clientId, Username: email });
    const reset = (code: string, password: string) =>
      amz(app, 'ConfirmForgotPassword', {
        ClientId: clientId,
        Username: email,
        ConfirmationCode: code,
        Password: password,
      });

    expect((await forgot()).status).toBe(200);
    const expiring = await latestCode(database.db, email);
    clock.advance(HOUR_MS);
    expect((await reset(expiring, 'New-Horse-2')).body.__type).toBe('ExpiredCodeException');

    await forgot();
    const code = await latestCode(database.db, email);
    const message = await database.db
      .selectFrom('outbox_messages')
      .select(['channel', 'subject', 'body'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(message.channel).toBe('email');
    expect(message.body).toContain('password reset code');
    expect((await reset(code, 'short')).body).toEqual({
      __type: 'InvalidPasswordException',
      message: 'Password did not conform with policy: Password not long enough',
    });
    expect((await reset(code, 'My-Forgot-Horse-2')).body).toEqual({
      __type: 'InvalidPasswordException',
      message:
        'Password did not conform with policy: Password must not contain the name or the e-mail address',
    });
    expect((await reset(code, 'New-Horse-2')).status).toBe(200);
    expect((await reset(code, 'New-Horse-3')).body.__type).toBe('ExpiredCodeException');
  });

  it('is refused for an unknown user and without a verified email', async () => {
    expect(
      (await amz(app, 'ForgotPassword', { ClientId: clientId, Username: 'x@example.com' })).body,
    ).toEqual({ __type: 'UserNotFoundException', message: 'User does not exist.' });
    await signUp('unverified@example.com');
    const res = await amz(app, 'ForgotPassword', {
      ClientId: clientId,
      Username: 'unverified@example.com',
    });
    expect(res.body.__type).toBe('InvalidParameterException');
  });
});

describe('SRP sessions', () => {
  it('expire after 5 minutes', async () => {
    const email = 'slow@example.com';
    await signUp(email);
    await confirm(email, await latestCode(database.db, email));
    const start = await amz(app, 'InitiateAuth', {
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, SRP_A: 'abcdef0123456789' },
      ClientMetadata: {},
    });
    expect(start.body.ChallengeName).toBe('PASSWORD_VERIFIER');
    const parameters = start.body.ChallengeParameters as Record<string, string>;
    clock.advance(5 * 60_000);
    const res = await amz(app, 'RespondToAuthChallenge', {
      ChallengeName: 'PASSWORD_VERIFIER',
      ClientId: clientId,
      Session: start.body.Session,
      ChallengeResponses: {
        USERNAME: parameters.USER_ID_FOR_SRP,
        PASSWORD_CLAIM_SECRET_BLOCK: parameters.SECRET_BLOCK,
        TIMESTAMP: 'Sat Nov 21 12:05:00 UTC 2026',
        PASSWORD_CLAIM_SIGNATURE: 'AAAA',
        DEVICE_KEY: null,
      },
      ClientMetadata: {},
    });
    expect(res.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Invalid session for the user, session is expired.',
    });
  });
});

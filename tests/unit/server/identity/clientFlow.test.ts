import type { FastifyInstance } from 'fastify';
import {
  CognitoUserAttribute,
  type CognitoUserPool,
  type CognitoUserSession,
  type ISignUpResult,
} from 'amazon-cognito-identity-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeConfig } from '../../../../src/api/runtimeConfig';
import { buildTestServer, createTestDatabase, type TestDatabase } from '../testServer';
import {
  amz,
  call,
  clientPool,
  expectCode,
  latestCode,
  listen,
  MemoryStorage,
  signIn,
  userOf,
  poolOf,
} from './identityKit';

// The real amazon-cognito-identity-js 6.3.21 against the running server (identity-protocol.md §2).

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await listen(app);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

function attribute(Name: string, Value: string): CognitoUserAttribute {
  return new CognitoUserAttribute({ Name, Value });
}

async function signUp(pool: CognitoUserPool, email: string, password: string) {
  return call<ISignUpResult>((done) => {
    pool.signUp(
      email,
      password,
      [
        attribute('email', email),
        attribute('given_name', 'Dana'),
        attribute('family_name', 'Scully'),
        attribute('custom:country', 'NO'),
        attribute('custom:sub_region', 'Vestland'),
      ],
      [],
      done,
    );
  });
}

/** Confirms `email` with the latest code sent to it and returns a client user for it. */
async function confirm(pool: CognitoUserPool, storage: MemoryStorage, email: string) {
  const code = await latestCode(database.db, email);
  const user = userOf(pool, email, storage);
  await call((done) => {
    user.confirmRegistration(code, false, done);
  });
  return { user, code };
}

function payload(session: CognitoUserSession): Record<string, unknown> {
  return session.getIdToken().decodePayload();
}

describe('the real client against /identity', () => {
  it('serves the local pool in /config.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/config.json' });
    const config = RuntimeConfig.parse(res.json());
    expect(config.identity).toEqual({
      endpoint: 'http://localhost/identity',
      region: 'local',
      userPoolId: 'local_Lifeline',
      clientId: poolOf(app).clientId,
    });
    expect(config.identity?.clientId).toMatch(/^[a-z0-9]{26}$/);
  });

  it('signs up, confirms, signs in, refreshes, updates and verifies, changes and resets the password, signs out everywhere', async () => {
    const storage = new MemoryStorage();
    const pool = clientPool(app, origin, storage);
    const email = 'dana@example.com';

    const signedUp = await signUp(pool, email, 'Correct-Horse-1');
    expect(signedUp.userConfirmed).toBe(false);
    expect(signedUp.codeDeliveryDetails).toEqual({
      Destination: 'd***@e***',
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    });
    const user = userOf(pool, email, storage);
    const signUpCode = await latestCode(database.db, email);
    expect(signUpCode).toMatch(/^[0-9]{6}$/);
    const confirmed = await call((done) => {
      user.confirmRegistration(signUpCode, false, done);
    });
    expect(confirmed).toBe('SUCCESS');

    const session = await signIn(user, 'Correct-Horse-1');
    expect(session.isValid()).toBe(true);
    expect(user.getUsername()).toBe(signedUp.userSub);
    expect(payload(session)).toMatchObject({
      sub: signedUp.userSub,
      'cognito:username': signedUp.userSub,
      email,
      email_verified: true,
      given_name: 'Dana',
      family_name: 'Scully',
      'custom:country': 'NO',
      'custom:sub_region': 'Vestland',
      token_use: 'id',
      aud: poolOf(app).clientId,
    });
    const claims = await app.identityVerifier.verify(session.getIdToken().getJwtToken());
    expect(claims.sub).toBe(signedUp.userSub);

    const refreshed = await call<CognitoUserSession>((done) => {
      user.refreshSession(session.getRefreshToken(), done);
    });
    expect(refreshed.getRefreshToken().getToken()).toBe(session.getRefreshToken().getToken());
    expect(payload(refreshed).auth_time).toBe(payload(session).auth_time);
    expect(refreshed.getAccessToken().decodePayload().origin_jti).toBe(
      session.getAccessToken().decodePayload().origin_jti,
    );

    const attributes = await call<CognitoUserAttribute[]>((done) => {
      user.getUserAttributes(done);
    });
    expect(Object.fromEntries(attributes.map((a) => [a.getName(), a.getValue()]))).toMatchObject({
      sub: signedUp.userSub,
      email,
      email_verified: 'true',
      given_name: 'Dana',
    });

    // Cached user data makes updateAttributes fetch GetUser and refresh the tokens afterwards.
    const userData = await call<{ Username: string }>((done) => {
      user.getUserData(done);
    });
    expect(userData.Username).toBe(signedUp.userSub);

    const phone = '+4712345678';
    expect(
      await call((done) => {
        user.updateAttributes([attribute('phone_number', phone)], done);
      }),
    ).toBe('SUCCESS');
    const sms = await database.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', phone)
      .executeTakeFirstOrThrow();
    expect(sms.channel).toBe('sms');
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.body).toContain('phone verification code');
    // updateAttributes refreshed the session: the new ID token carries the unverified phone.
    const afterUpdate = await call<CognitoUserSession>((done) => {
      user.getSession(done);
    });
    expect(payload(afterUpdate)).toMatchObject({
      phone_number: phone,
      phone_number_verified: false,
    });

    const delivery = await new Promise<unknown>((resolve, reject) => {
      user.getAttributeVerificationCode('phone_number', {
        onSuccess: resolve,
        onFailure: reject,
        inputVerificationCode: resolve,
      });
    });
    expect(delivery).toMatchObject({
      CodeDeliveryDetails: { DeliveryMedium: 'SMS', Destination: '+******5678' },
    });
    const phoneCode = await latestCode(database.db, phone);
    await new Promise((resolve, reject) => {
      user.verifyAttribute('phone_number', phoneCode, { onSuccess: resolve, onFailure: reject });
    });
    const verified = await call<CognitoUserAttribute[]>((done) => {
      user.getUserAttributes(done);
    });
    expect(verified.find((a) => a.getName() === 'phone_number_verified')?.getValue()).toBe('true');

    expect(
      await call((done) => {
        user.changePassword('Correct-Horse-1', 'Battery-Staple-2', done);
      }),
    ).toBe('SUCCESS');
    await expectCode(
      signIn(userOf(pool, email, storage), 'Correct-Horse-1'),
      'NotAuthorizedException',
    );
    await signIn(userOf(pool, email, storage), 'Battery-Staple-2');

    const forgetful = userOf(pool, email, storage);
    await new Promise((resolve, reject) => {
      forgetful.forgotPassword({
        onSuccess: resolve,
        onFailure: reject,
        inputVerificationCode: resolve,
      });
    });
    const resetCode = await latestCode(database.db, email);
    await new Promise((resolve, reject) => {
      forgetful.confirmPassword(resetCode, 'Tin-Foil-Hat-3', {
        onSuccess: resolve,
        onFailure: reject,
      });
    });
    const last = userOf(pool, email, storage);
    const lastSession = await signIn(last, 'Tin-Foil-Hat-3');

    await new Promise((resolve, reject) => {
      last.globalSignOut({ onSuccess: resolve, onFailure: reject });
    });
    // The old refresh token and access token are dead (called directly: the client would retry 6 times).
    const refresh = await amz(app, 'InitiateAuth', {
      ClientId: poolOf(app).clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: lastSession.getRefreshToken().getToken(), DEVICE_KEY: null },
    });
    expect(refresh.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has been revoked',
    });
    const getUser = await amz(app, 'GetUser', {
      AccessToken: lastSession.getAccessToken().getJwtToken(),
    });
    expect(getUser.body).toEqual({
      __type: 'NotAuthorizedException',
      message: 'Access Token has been revoked',
    });
    // Sessions signed in before the global sign-out are gone too.
    const early = await amz(app, 'GetUser', {
      AccessToken: session.getAccessToken().getJwtToken(),
    });
    expect(early.body.message).toBe('Access Token has been revoked');
  });

  it('revokes the refresh token on signOut(callback)', async () => {
    const storage = new MemoryStorage();
    const pool = clientPool(app, origin, storage);
    await signUp(pool, 'fox@example.com', 'Correct-Horse-1');
    const { user } = await confirm(pool, storage, 'fox@example.com');
    const session = await signIn(user, 'Correct-Horse-1');
    await new Promise<void>((resolve) => {
      user.signOut(() => {
        resolve();
      });
    });
    const refresh = await amz(app, 'InitiateAuth', {
      ClientId: poolOf(app).clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: session.getRefreshToken().getToken() },
    });
    expect(refresh.body.__type).toBe('NotAuthorizedException');
  });

  it('answers the spec errors: wrong password, unknown user, unconfirmed user, re-confirming', async () => {
    const storage = new MemoryStorage();
    const pool = clientPool(app, origin, storage);
    await signUp(pool, 'walter@example.com', 'Correct-Horse-1');
    const unconfirmed = userOf(pool, 'walter@example.com', storage);
    await expectCode(
      signIn(unconfirmed, 'Correct-Horse-1'),
      'UserNotConfirmedException',
      'User is not confirmed.',
    );
    await expectCode(
      signIn(userOf(pool, 'nobody@example.com', storage), 'Correct-Horse-1'),
      'UserNotFoundException',
      'User does not exist.',
    );
    const { user, code } = await confirm(pool, storage, 'walter@example.com');
    await expectCode(
      call((done) => {
        user.confirmRegistration(code, false, done);
      }),
      'NotAuthorizedException',
      'User cannot be confirmed. Current status is CONFIRMED',
    );
    await expectCode(
      signIn(user, 'Wrong-Horse-1'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    await expectCode(
      call((done) => {
        pool.signUp('walter@example.com', 'Correct-Horse-1', [], [], done);
      }),
      'UsernameExistsException',
      'An account with the given email already exists.',
    );
    await expectCode(
      call((done) => {
        pool.signUp('weak@example.com', 'password', [], [], done);
      }),
      'InvalidPasswordException',
      'Password did not conform with policy: Password must have uppercase characters',
    );
    // Policy §5: not the name, not the e-mail.
    for (const [password, attributes] of [
      ['Sagmo-Horse-1', [attribute('given_name', 'Ola'), attribute('family_name', 'Sagmo')]],
      ['Horse-Olanor-1', []],
    ] as const) {
      await expectCode(
        call((done) => {
          pool.signUp('olanor@example.com', password, [...attributes], [], done);
        }),
        'InvalidPasswordException',
        'Password did not conform with policy: Password must not contain the name or the e-mail address',
      );
    }
  });
});

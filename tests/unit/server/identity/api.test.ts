import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import { openDb } from '../../../../server/db/database';
import { freePort } from '../../../../server/db/embedded';
import { DEFAULT_IP_RATE_LIMITS } from '../../../../server/identity/ipRateLimit';
import { SRP_N } from '../../../../server/identity/srp';
import { buildTestServer, createTestDatabase, testConfig, type TestDatabase } from '../testServer';
import {
  MemoryStorage,
  amz,
  buildIdentityApp,
  clientPool,
  identityRowCounts,
  latestCode,
  listen,
  poolOf,
  signIn,
  signUpAndSignIn,
  testClock,
  userOf,
} from './identityKit';

// The JSON API called directly: every refusal is Cognito-shaped, writes nothing and is never a 500.

let database: TestDatabase;
let app: FastifyInstance;
let clientId: string;
let origin: string;
const clock = testClock(Date.now());

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildIdentityApp(database.db, {
    now: clock.now,
    ipRateLimits: {
      InitiateAuth: { max: 1000, windowMs: 60_000 },
      SignUp: { max: 1000, windowMs: 60_000 },
      ForgotPassword: { max: 1000, windowMs: 60_000 },
      ResendConfirmationCode: { max: 1000, windowMs: 60_000 },
      ConfirmSignUp: { max: 1000, windowMs: 60_000 },
      ConfirmForgotPassword: { max: 1000, windowMs: 60_000 },
    },
  });
  clientId = poolOf(app).clientId;
  origin = await listen(app);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

function expectCognitoError(
  res: { status: number; headers: Record<string, unknown>; body: Record<string, unknown> },
  type: string,
  status = 400,
): void {
  expect(res.status).toBe(status);
  expect(res.body.__type).toBe(type);
  expect(typeof res.body.message).toBe('string');
  expect(res.headers['x-amzn-errortype']).toBe(`${type}:`);
  expect(res.headers['content-type']).toBe('application/x-amz-json-1.1');
  expect(res.headers['access-control-allow-origin']).toBe('*');
}

/** A confirmed user signed in with the real client; its tokens. */
async function signedInUser(email: string): Promise<{ accessToken: string; idToken: string }> {
  const session = await signUpAndSignIn(app, database.db, origin, email, 'Correct-Horse-1');
  return {
    accessToken: session.getAccessToken().getJwtToken(),
    idToken: session.getIdToken().getJwtToken(),
  };
}

describe('transport', () => {
  it('answers an unknown or missing X-Amz-Target with UnknownOperationException', async () => {
    expectCognitoError(await amz(app, 'AdminDeleteUser', {}), 'UnknownOperationException');
    const res = await app.inject({
      method: 'POST',
      url: '/identity',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('refuses other content types, malformed JSON and bodies that are too large', async () => {
    const before = await identityRowCounts(database.db);
    const text = await app.inject({
      method: 'POST',
      url: '/identity',
      headers: {
        'content-type': 'text/plain',
        'x-amz-target': 'AWSCognitoIdentityProviderService.SignUp',
      },
      payload: '{}',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ __type: 'InvalidParameterException' });
    expectCognitoError(await amz(app, 'SignUp', '{"ClientId":'), 'SerializationException');
    const huge = JSON.stringify({
      ClientId: clientId,
      Username: 'huge@example.com',
      Password: 'Correct-Horse-1',
      ClientMetadata: { padding: 'x'.repeat(10 * 1024 * 1024) },
    });
    expectCognitoError(await amz(app, 'SignUp', huge), 'InvalidParameterException', 413);
    expect(await identityRowCounts(database.db)).toEqual(before);
  });

  it('accepts application/json as well as application/x-amz-json-1.1', async () => {
    const res = await amz(
      app,
      'SignUp',
      { ClientId: clientId, Username: 'json@example.com', Password: 'Correct-Horse-1' },
      { 'content-type': 'application/json; charset=utf-8' },
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(res.body.UserConfirmed).toBe(false);
    expect(res.body.UserSub).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers the CORS preflight and exposes the error headers', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/identity',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers':
          'content-type,x-amz-target,x-amz-user-agent,cache-control',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toBe(
      'content-type, x-amz-target, x-amz-user-agent, cache-control',
    );
    const post = await amz(app, 'GetUser', { AccessToken: 'x' });
    expect(post.headers['access-control-expose-headers']).toBe(
      'x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date',
    );
    expect(post.headers['x-amzn-requestid']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers unknown paths under /identity in Cognito shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/identity/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ __type: 'UnknownOperationException' });
  });

  it('publishes the signing keys at both JWKS paths', async () => {
    const { idToken } = await signedInUser('jwks@example.com');
    const kid = decodeProtectedHeader(idToken).kid;
    for (const url of [
      '/identity/.well-known/jwks.json',
      '/identity/local_Lifeline/.well-known/jwks.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const keys = res.json<{ keys: { kid: string; alg: string; kty: string; d?: string }[] }>()
        .keys;
      expect(keys).toContainEqual(expect.objectContaining({ kid, alg: 'RS256', kty: 'RSA' }));
      expect(keys.every((key) => key.d === undefined)).toBe(true);
    }
    const other = await app.inject({
      method: 'GET',
      url: '/identity/eu_Other/.well-known/jwks.json',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ __type: 'ResourceNotFoundException' });
  });
});

describe('request validation', () => {
  it('accepts null members and refuses missing required ones without writing', async () => {
    const ok = await amz(app, 'SignUp', {
      ClientId: clientId,
      Username: 'nulls@example.com',
      Password: 'Correct-Horse-1',
      UserAttributes: [{ Name: 'given_name', Value: 'Nul' }],
      ValidationData: null,
      ClientMetadata: {},
      SecretHash: null,
    });
    expect(ok.status).toBe(200);
    const before = await identityRowCounts(database.db);
    for (const body of [
      { ClientId: clientId, Username: null, Password: 'Correct-Horse-1' },
      { ClientId: clientId, Username: 'a@example.com' },
      {
        ClientId: clientId,
        Username: 'a@example.com',
        Password: 'Correct-Horse-1',
        UserAttributes: 'x',
      },
      [],
      null,
      'just a string',
    ]) {
      const res = await amz(app, 'SignUp', JSON.stringify(body));
      expectCognitoError(res, 'InvalidParameterException');
    }
    expect((await amz(app, 'SignUp', { ClientId: clientId, Username: null })).body.message).toMatch(
      /validation errors? detected: Value at 'Username' failed to satisfy constraint: Member must not be null/,
    );
    expect(await identityRowCounts(database.db)).toEqual(before);
  });

  it('refuses bad attributes, a username that is not an email and an unknown client', async () => {
    const before = await identityRowCounts(database.db);
    const attempt = (overrides: Record<string, unknown>) =>
      amz(app, 'SignUp', {
        ClientId: clientId,
        Username: 'attr@example.com',
        Password: 'Correct-Horse-1',
        ...overrides,
      });
    expectCognitoError(await attempt({ Username: 'not-an-email' }), 'InvalidParameterException');
    expectCognitoError(
      await attempt({ UserAttributes: [{ Name: 'custom:shoe_size', Value: '42' }] }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await attempt({ UserAttributes: [{ Name: 'email_verified', Value: 'true' }] }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await attempt({ UserAttributes: [{ Name: 'phone_number', Value: '12345' }] }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await attempt({ UserAttributes: [{ Name: 'birthdate', Value: '2001-02-30' }] }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await attempt({ UserAttributes: [{ Name: 'email', Value: 'other@example.com' }] }),
      'InvalidParameterException',
    );
    const quoted = await attempt({ UserAttributes: [{ Name: 'x\r\nSet-Cookie: ü', Value: '1' }] });
    expectCognitoError(quoted, 'InvalidParameterException');
    expect(quoted.headers['x-amzn-errormessage']).toMatch(/x\?\?Set-Cookie: \?/);
    expectCognitoError(await attempt({ Password: 'Has space 1!' }), 'InvalidPasswordException');
    expectCognitoError(await attempt({ ClientId: 'someoneelse' }), 'ResourceNotFoundException');
    expect(await identityRowCounts(database.db)).toEqual(before);
  });
});

describe('SRP_A', () => {
  it('refuses a malformed SRP_A or A mod N = 0 without a session', async () => {
    await signedInUser('srp@example.com');
    const before = await identityRowCounts(database.db);
    const start = (srpA: string) =>
      amz(app, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'srp@example.com', SRP_A: srpA },
        ClientMetadata: {},
      });
    expectCognitoError(await start('not hex!'), 'InvalidParameterException');
    expectCognitoError(await start('f'.repeat(5000)), 'InvalidParameterException');
    expectCognitoError(await start('0'), 'NotAuthorizedException');
    expectCognitoError(await start(SRP_N.toString(16)), 'NotAuthorizedException');
    expectCognitoError(await start((SRP_N * 2n).toString(16)), 'NotAuthorizedException');
    expectCognitoError(
      await amz(app, 'InitiateAuth', {
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'srp@example.com' },
      }),
      'InvalidParameterException',
    );
    expectCognitoError(
      await amz(app, 'InitiateAuth', {
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: clientId,
        AuthParameters: { USERNAME: 'srp@example.com', PASSWORD: 'Correct-Horse-1' },
      }),
      'InvalidParameterException',
    );
    expect(await identityRowCounts(database.db)).toEqual(before);
  });
});

describe('access tokens', () => {
  it('refuses forged, tampered, expired and misused tokens', async () => {
    const { accessToken, idToken } = await signedInUser('tokens@example.com');
    expect((await amz(app, 'GetUser', { AccessToken: accessToken })).status).toBe(200);

    const [header = '', payload = '', signature = ''] = accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`;
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(accessToken).kid ?? '' })
      .sign(privateKey);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;

    for (const token of [tampered, forged, unsigned, idToken, 'a.b.c', 'garbage']) {
      const res = await amz(app, 'GetUser', { AccessToken: token });
      expectCognitoError(res, 'NotAuthorizedException');
      expect(res.body.message).toBe('Invalid Access Token');
    }
    expectCognitoError(
      await amz(app, 'GetUser', { AccessToken: 'has spaces in it' }),
      'InvalidParameterException',
    );

    clock.advance(3600 * 1000);
    const expired = await amz(app, 'GetUser', { AccessToken: accessToken });
    expectCognitoError(expired, 'NotAuthorizedException');
    expect(expired.body.message).toBe('Access Token has expired');
    clock.advance(-3600 * 1000);
  });
});

describe('attribute updates', () => {
  const updateEmail = (AccessToken: string, Value: string) =>
    amz(app, 'UpdateUserAttributes', {
      AccessToken,
      UserAttributes: [{ Name: 'email', Value }],
      ClientMetadata: {},
    });
  const verifyEmail = (AccessToken: string, Code: string) =>
    amz(app, 'VerifyUserAttribute', { AccessToken, AttributeName: 'email', Code });
  const emailOf = async (AccessToken: string) =>
    (
      (await amz(app, 'GetUser', { AccessToken })).body.UserAttributes as {
        Name: string;
        Value: string;
      }[]
    ).filter((attribute) => attribute.Name.startsWith('email'));

  it('changes the email once the new address is verified, with a code to it; refuses a taken one', async () => {
    const { accessToken } = await signedInUser('old@example.com');
    await signedInUser('taken@example.com');
    expectCognitoError(await updateEmail(accessToken, 'TAKEN@example.com'), 'AliasExistsException');
    const res = await updateEmail(accessToken, 'new@example.com');
    expect(res.body).toEqual({
      CodeDeliveryDetailsList: [
        { Destination: 'n***@e***', DeliveryMedium: 'EMAIL', AttributeName: 'email' },
      ],
    });
    // Until verified, the account keeps its old, verified address.
    expect(await emailOf(accessToken)).toEqual([
      { Name: 'email', Value: 'old@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]);
    const code = await latestCode(database.db, 'new@example.com');
    expectCognitoError(
      await verifyEmail(accessToken, code === '111111' ? '222222' : '111111'),
      'CodeMismatchException',
    );
    expect((await verifyEmail(accessToken, code)).status).toBe(200);
    expectCognitoError(await verifyEmail(accessToken, code), 'ExpiredCodeException');
    expect(await emailOf(accessToken)).toEqual([
      { Name: 'email', Value: 'new@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]);
    const storage = new MemoryStorage();
    const session = await signIn(
      userOf(clientPool(app, origin, storage), 'new@example.com', storage),
      'Correct-Horse-1',
    );
    expect(session.getIdToken().decodePayload()).toMatchObject({
      email: 'new@example.com',
      email_verified: true,
    });
  });

  it('lets no one hold an address by asking for it: its owner signs up, and a later verify finds it taken', async () => {
    const mallory = await signedInUser('mallory@example.com');
    expect((await updateEmail(mallory.accessToken, 'victim@example.com')).status).toBe(200);
    const code = await latestCode(database.db, 'victim@example.com');
    // The owner of the address signs up and confirms it as usual.
    const victim = await signedInUser('victim@example.com');
    expect(await emailOf(victim.accessToken)).toEqual([
      { Name: 'email', Value: 'victim@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]);
    expectCognitoError(await verifyEmail(mallory.accessToken, code), 'AliasExistsException');
    expect(await emailOf(mallory.accessToken)).toEqual([
      { Name: 'email', Value: 'mallory@example.com' },
      { Name: 'email_verified', Value: 'true' },
    ]);
  });
});

describe('failures inside', () => {
  it('answers an unexpected error with a logged InternalErrorException 500', async () => {
    const broken = await buildIdentityApp(database.db, {
      random: (size) => {
        if (size === 16) throw new Error('entropy ran out');
        return randomBytes(size);
      },
    });
    const res = await amz(broken, 'SignUp', {
      ClientId: poolOf(broken).clientId,
      Username: 'broken@example.com',
      Password: 'Correct-Horse-1',
    });
    expectCognitoError(res, 'InternalErrorException', 500);
    expect(res.body.message).toBe('An internal error occurred.');
    await broken.close();
  });

  it('builds without a database and answers InternalErrorException until it can read the pool', async () => {
    const deadDb = openDb({ url: `postgres://postgres:x@127.0.0.1:${await freePort()}/none` });
    const dead = await buildIdentityApp(deadDb);
    expect(dead.identityPool).toBeNull();
    expectCognitoError(
      await amz(dead, 'GetUser', { AccessToken: 'x' }),
      'InternalErrorException',
      500,
    );
    await expect(dead.identityVerifier.verify('x.y.z')).rejects.toMatchObject({
      reason: 'unavailable',
    });
    await dead.close();
    await deadDb.destroy();
  });

  it('limits InitiateAuth and SignUp per IP with TooManyRequestsException', async () => {
    const limited = await buildIdentityApp(database.db, {
      ipRateLimits: {
        ...DEFAULT_IP_RATE_LIMITS,
        InitiateAuth: { max: 2, windowMs: 60_000 },
        SignUp: { max: 1, windowMs: 60_000 },
        ForgotPassword: { max: 1, windowMs: 60_000 },
      },
    });
    const initiate = () =>
      amz(limited, 'InitiateAuth', {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: poolOf(limited).clientId,
        AuthParameters: { REFRESH_TOKEN: 'nope' },
      });
    expect((await initiate()).body.__type).toBe('NotAuthorizedException');
    expect((await initiate()).body.__type).toBe('NotAuthorizedException');
    const third = await initiate();
    expectCognitoError(third, 'TooManyRequestsException');
    expect(third.body.message).toBe('Rate exceeded');
    expect(third.headers['retry-after']).toBeDefined();
    expect((await amz(limited, 'GetUser', { AccessToken: 'x.y.z' })).body.__type).toBe(
      'NotAuthorizedException',
    );
    const signUp = () =>
      amz(limited, 'SignUp', {
        ClientId: poolOf(limited).clientId,
        Username: 'x',
        Password: 'y',
      });
    expect((await signUp()).body.__type).toBe('InvalidParameterException');
    expect((await signUp()).body.__type).toBe('TooManyRequestsException');
    // Whether an account exists is asked no faster than the budget.
    const forgot = () =>
      amz(limited, 'ForgotPassword', {
        ClientId: poolOf(limited).clientId,
        Username: 'nobody@example.com',
      });
    expect((await forgot()).body.__type).toBe('UserNotFoundException');
    expect((await forgot()).body.__type).toBe('TooManyRequestsException');
    await limited.close();
  });

  it('counts an IPv6 client by its /64, not by each address', async () => {
    const limited = await buildIdentityApp(database.db, {
      ipRateLimits: { ...DEFAULT_IP_RATE_LIMITS, InitiateAuth: { max: 2, windowMs: 60_000 } },
    });
    const initiateFrom = (remoteAddress: string) =>
      limited.inject({
        method: 'POST',
        url: '/identity',
        remoteAddress,
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        },
        payload: JSON.stringify({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: poolOf(limited).clientId,
          AuthParameters: { REFRESH_TOKEN: 'nope' },
        }),
      });
    expect((await initiateFrom('2001:db8:1:2::a')).statusCode).toBe(400);
    expect((await initiateFrom('2001:db8:1:2::b')).statusCode).toBe(400);
    const third = await initiateFrom('2001:db8:1:2:ffff::c');
    expect(third.json<{ __type: string }>().__type).toBe('TooManyRequestsException');
    // Another /64 has a budget of its own.
    expect((await initiateFrom('2001:db8:1:3::a')).statusCode).toBe(400);
    await limited.close();
  });
});

describe('the sign-up budget of the server config (SIGNUPS_PER_IP)', () => {
  it('counts sign-ups per address against config.signUpsPerIp', async () => {
    const server = await buildTestServer(database.db, testConfig({ SIGNUPS_PER_IP: '2' }));
    const signUp = () =>
      amz(server, 'SignUp', { ClientId: poolOf(server).clientId, Username: 'x', Password: 'y' });
    expect((await signUp()).body.__type).toBe('InvalidParameterException');
    expect((await signUp()).body.__type).toBe('InvalidParameterException');
    expect((await signUp()).body.__type).toBe('TooManyRequestsException');
    await server.close();
  });
});

describe('the whole server', () => {
  it('mounts /identity in buildServer and keeps its errors Cognito-shaped', async () => {
    const server = await buildTestServer(database.db);
    expect(poolOf(server).clientId).toBe(clientId);
    const res = await amz(server, 'Nope', {});
    expectCognitoError(res, 'UnknownOperationException');
    for (const [method, url] of [
      ['GET', '/identity'],
      ['GET', '/identity/'],
      ['PUT', '/identity'],
      ['DELETE', '/identity/x/y'],
    ] as const) {
      const other = await server.inject({ method, url });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ __type: 'UnknownOperationException' });
    }
    const huge = await amz(server, 'SignUp', `{"x":"${'y'.repeat(2 * 1024 * 1024)}"}`);
    expectCognitoError(huge, 'InvalidParameterException', 413);
    await server.close();
  });

  it('needs both COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID, and takes the region from the pool id', () => {
    expect(() => loadConfig({ COGNITO_USER_POOL_ID: 'eu-west-1_AbC123' })).toThrow(
      /COGNITO_CLIENT_ID: required/,
    );
    expect(() => loadConfig({ COGNITO_CLIENT_ID: 'abc' })).toThrow(
      /COGNITO_USER_POOL_ID: required/,
    );
    expect(() =>
      loadConfig({ COGNITO_USER_POOL_ID: 'no-underscore', COGNITO_CLIENT_ID: 'abc' }),
    ).toThrow(/COGNITO_USER_POOL_ID/);
    expect(
      loadConfig({ COGNITO_USER_POOL_ID: 'eu-west-1_AbC123', COGNITO_CLIENT_ID: 'abc' }).cognito,
    ).toEqual({ userPoolId: 'eu-west-1_AbC123', clientId: 'abc', region: 'eu-west-1' });
    expect(loadConfig({}).cognito).toBeUndefined();
  });

  it('names a real Cognito pool instead when COGNITO_* are set, without a local service', async () => {
    const server = await buildTestServer(
      database.db,
      testConfig({ COGNITO_USER_POOL_ID: 'eu-west-1_AbC123', COGNITO_CLIENT_ID: 'abc123def' }),
    );
    const config = await server.inject({ method: 'GET', url: '/config.json' });
    expect(config.json()).toMatchObject({
      identity: {
        endpoint: null,
        region: 'eu-west-1',
        userPoolId: 'eu-west-1_AbC123',
        clientId: 'abc123def',
      },
    });
    const identity = await amz(server, 'GetUser', { AccessToken: 'x' });
    expect(identity.status).toBe(404);
    await expect(server.identityVerifier.verify('not.a.token')).rejects.toMatchObject({
      name: 'IdTokenError',
      reason: 'invalid',
    });
    await server.close();
  });
});

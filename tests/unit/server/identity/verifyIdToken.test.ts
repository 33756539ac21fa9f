import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT, type JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createIdTokenVerifier,
  IdTokenError,
  type IdTokenVerifier,
} from '../../../../server/identity/verifyIdToken';
import { loadSigningKeys } from '../../../../server/identity/keys';
import { createTestDatabase, type TestDatabase } from '../testServer';
import { buildIdentityApp, listen, poolOf, signUpAndSignIn, testClock } from './identityKit';

const ISSUER = 'http://127.0.0.1:8080/identity/local_Lifeline';

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let idToken: string;
let accessToken: string;
let localKeys: JWTVerifyGetKey;
const clock = testClock(Date.now());

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildIdentityApp(database.db, { now: clock.now });
  origin = await listen(app);
  localKeys = (await loadSigningKeys(database.db, clock.now)).keySet;
  const email = 'verify@example.com';
  const session = await signUpAndSignIn(app, database.db, origin, email, 'Correct-Horse-1', [
    { Name: 'given_name', Value: 'Vera' },
    { Name: 'phone_number', Value: '+4798765432' },
  ]);
  idToken = session.getIdToken().getJwtToken();
  accessToken = session.getAccessToken().getJwtToken();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

async function rejection(verifier: IdTokenVerifier, token: string): Promise<IdTokenError> {
  const error: unknown = await verifier.verify(token).then(
    () => new Error('verified'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdTokenError);
  return error as IdTokenError;
}

describe('createIdTokenVerifier', () => {
  it('verifies a valid ID token of the local pool and types its claims', async () => {
    const claims = await app.identityVerifier.verify(idToken);
    expect(claims).toMatchObject({
      iss: ISSUER,
      aud: poolOf(app).clientId,
      token_use: 'id',
      email: 'verify@example.com',
      email_verified: true,
      phone_number: '+4798765432',
      phone_number_verified: false,
      given_name: 'Vera',
    });
    expect(claims['cognito:username']).toBe(claims.sub);
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('verifies through a remote JWKS as for real Cognito', async () => {
    const remote = createIdTokenVerifier({
      kind: 'remote',
      issuer: ISSUER,
      jwksUrl: `${origin}/identity/local_Lifeline/.well-known/jwks.json`,
      clientId: poolOf(app).clientId,
    });
    expect((await remote.verify(idToken)).email).toBe('verify@example.com');
  });

  it('rejects another audience, an expired token, another key and an access token', async () => {
    const keys = { kind: 'local', issuer: ISSUER, keys: localKeys } as const;
    const other = createIdTokenVerifier({ ...keys, clientId: 'someotherclient' });
    expect((await rejection(other, idToken)).reason).toBe('invalid');

    const later = createIdTokenVerifier({
      ...keys,
      clientId: poolOf(app).clientId,
      now: () => clock.now() + 3600 * 1000,
    });
    expect((await rejection(later, idToken)).reason).toBe('expired');

    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = await new SignJWT(decodeJwt(idToken))
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(idToken).kid ?? '' })
      .sign(privateKey);
    expect((await rejection(app.identityVerifier, forged)).reason).toBe('invalid');
    expect((await rejection(app.identityVerifier, accessToken)).reason).toBe('invalid');
    expect((await rejection(app.identityVerifier, 'not-a-jwt')).reason).toBe('invalid');
  });

  it('builds the real Cognito issuer and JWKS URL without fetching until used', async () => {
    const cognito = createIdTokenVerifier({
      kind: 'cognito',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_AbC123',
      clientId: 'abc',
    });
    expect((await rejection(cognito, 'x.y.z')).reason).toBe('invalid');
  });
});

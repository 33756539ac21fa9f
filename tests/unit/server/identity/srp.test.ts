import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeVerifier,
  hashHex,
  hashUtf8,
  hexToBigInt,
  modPow,
  padHex,
  SRP_G,
  SRP_K,
  SRP_N,
} from '../../../../server/identity/srp';
import { formatSrpTimestamp, parseSrpTimestamp } from '../../../../server/identity/timestamp';
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
  userOf,
  poolOf,
} from './identityKit';

describe('SRP-6a constants and encodings (identity-protocol.md §3)', () => {
  it('uses the 3072-bit N, g = 2 and k = H(padHex(N) ‖ padHex(g))', () => {
    expect(SRP_N.toString(16)).toHaveLength(768);
    expect(SRP_N.toString(16).slice(0, 32)).toBe('ffffffffffffffffc90fdaa22168c234');
    expect(SRP_N.toString(16).slice(-24)).toBe('a93ad2caffffffffffffffff');
    expect(SRP_G).toBe(2n);
    expect(SRP_K.toString(16)).toBe(
      '538282c4354742d7cbbde2359fcf67f9f5b3a6b08791e5011b43b8a5b66d9ee6',
    );
  });

  it.each([
    [0n, '00'],
    [0x7fn, '7f'],
    [0x80n, '0080'],
    [0xecn, '00ec'],
    [0xabcn, '0abc'],
    [0x1234n, '1234'],
    [0x8000n, '008000'],
    [0x12ab34n, '12ab34'],
  ])('padHex(%s) is %s', (value, hex) => {
    expect(padHex(value)).toBe(hex);
  });

  it('pads N itself with a leading zero byte (its top bit is set)', () => {
    expect(padHex(SRP_N)).toHaveLength(770);
    expect(padHex(SRP_N).startsWith('00ff')).toBe(true);
  });

  it('computes modPow like BigInt exponentiation', () => {
    expect(modPow(3n, 200n, 1_000_003n)).toBe(3n ** 200n % 1_000_003n);
    expect(modPow(SRP_G, 0n, SRP_N)).toBe(1n);
    expect(modPow(5n, 3n, 1n)).toBe(0n);
  });
});

describe('TIMESTAMP (identity-protocol.md §3)', () => {
  it('formats in UTC with an unpadded day and padded time', () => {
    expect(formatSrpTimestamp(Date.UTC(2026, 10, 21, 23, 32, 37))).toBe(
      'Sat Nov 21 23:32:37 UTC 2026',
    );
    expect(formatSrpTimestamp(Date.UTC(2026, 8, 5, 4, 3, 2))).toBe('Sat Sep 5 04:03:02 UTC 2026');
  });

  it('parses exactly that format and nothing else', () => {
    expect(parseSrpTimestamp('Sat Nov 21 23:32:37 UTC 2026')).toBe(
      Date.UTC(2026, 10, 21, 23, 32, 37),
    );
    for (const bad of [
      'Sat Sep 05 04:03:02 UTC 2026',
      'Fri Nov 21 23:32:37 UTC 2026',
      'Sat Nov 21 24:00:00 UTC 2026',
      'Sat Nov 31 23:32:37 UTC 2026',
      'Sat Nov 21 23:32:37 GMT 2026',
      'Sat Nov 21 23:32:37 UTC 2026 ',
      '',
    ]) {
      expect(parseSrpTimestamp(bad)).toBeNull();
    }
  });
});

describe('salts as integers, with the real client', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildIdentityApp(database.db);
    origin = await listen(app);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  async function userWithSalt(email: string, saltHex: string, verifier: bigint): Promise<void> {
    await database.db
      .updateTable('identity_users')
      .set({ srp_salt: saltHex, srp_verifier: padHex(verifier) })
      .where('email', '=', email)
      .execute();
  }

  it.each([
    ['a leading 0x00 byte', '0012ab34cd56ef7890a1b2c3d4e5f607'],
    ['the high bit set', '8f12ab34cd56ef7890a1b2c3d4e5f607'],
    ['an odd-length integer', '000abc34cd56ef7890a1b2c3d4e5f607'],
  ])('signs in with a salt with %s', async (_case, saltHex) => {
    const email = `salt-${saltHex.slice(0, 4)}@example.com`;
    const password = 'Pässwörd-1ß';
    const signUp = await amz(app, 'SignUp', {
      ClientId: poolOf(app).clientId,
      Username: email,
      Password: 'Correct-Horse-1',
    });
    const sub = String(signUp.body.UserSub);
    await amz(app, 'ConfirmSignUp', {
      ClientId: poolOf(app).clientId,
      Username: email,
      ConfirmationCode: await latestCode(database.db, email),
    });
    const storage = new MemoryStorage();
    const pool = clientPool(app, origin, storage);

    // x from the raw salt bytes (not the integer's padHex) is not what the client computes.
    const rawX = hexToBigInt(hashHex(saltHex + hashUtf8(`Lifeline${sub}:${password}`)));
    await userWithSalt(email, saltHex, modPow(SRP_G, rawX, SRP_N));
    expect(padHex(hexToBigInt(saltHex))).not.toBe(saltHex);
    await expectCode(signIn(userOf(pool, email, storage), password), 'NotAuthorizedException');

    await userWithSalt(
      email,
      saltHex,
      computeVerifier(hexToBigInt(saltHex), 'Lifeline', sub, password),
    );
    const session = await signIn(userOf(pool, email, storage), password);
    expect(session.getIdToken().decodePayload().sub).toBe(sub);
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member } from '../../../src/api/entities/member';
import { authHostRoutes } from '../../../server/authHost/authHostRoutes';
import {
  createMemberTokenService,
  loadMemberTokenSecret,
  type MemberTokenService,
} from '../../../server/authHost/memberTokens';
import {
  IdTokenError,
  type IdTokenClaims,
  type IdTokenVerifier,
} from '../../../server/identity/verifyIdToken';
import { createTestDatabase, type TestDatabase, bareTestApp } from './testServer';

let database: TestDatabase;
let app: FastifyInstance;
let tokens: MemberTokenService;

/** Accepts `good:<sub>` as an ID token of that user; everything else is invalid. */
const verifier: IdTokenVerifier = {
  verify(token) {
    if (token === 'down') return Promise.reject(new IdTokenError('unavailable', 'keys unreadable'));
    const [kind, sub] = token.split(':');
    if (kind !== 'good' || !sub) return Promise.reject(new IdTokenError('invalid', 'bad token'));
    const claims: IdTokenClaims = {
      sub,
      aud: 'web',
      iss: 'http://local/identity/local_Lifeline',
      token_use: 'id',
      exp: 2_000_000_000,
      iat: 1_700_000_000,
      auth_time: 1_700_000_000,
      'cognito:username': sub,
      email: `${sub}@example.com`,
      email_verified: true,
      given_name: 'Dana',
      family_name: 'Berg',
      phone_number: '+4791234567',
      phone_number_verified: true,
      'custom:country': 'NO',
    };
    return Promise.resolve(claims);
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  tokens = createMemberTokenService(await loadMemberTokenSecret(database.db));
  app = bareTestApp();
  await app.register(authHostRoutes, {
    db: database.db,
    verifier,
    memberTokens: tokens,
    identity: null,
    emailChecksPerMinute: 5,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

const auth = (sub: string) => ({ authorization: `Bearer good:${sub}` });

describe('login-member-c2 and get-member', () => {
  it('creates the member from the identity and answers a member token for it', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/member/login-member-c2/de',
      headers: auth('user-a'),
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const claims = await tokens.verify(
      res.json<{ MemberIntegrationToken: string }>().MemberIntegrationToken,
    );
    const member = Member.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/authapi/member/get-member',
          headers: auth('user-a'),
        })
      ).json(),
    );
    expect(member).toMatchObject({
      MemberId: claims.memberId,
      ClientId: 1,
      DomainId: 'local',
      Email: 'user-a@example.com',
      NameFirst: 'Dana',
      PhoneNumber: '+4791234567',
      LanguageCode: 'de',
      TermsAcceptedTimestamp: null,
    });
  });

  it('keeps the language of messages and e-mails the member has when a login comes in another', async () => {
    const login = (language: string) =>
      app.inject({
        method: 'POST',
        url: `/authapi/member/login-member-c2/${language}`,
        headers: auth('user-c'),
        payload: {},
      });
    const languageOf = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/authapi/member/get-member',
          headers: auth('user-c'),
        })
      ).json<{ LanguageCode: string }>().LanguageCode;
    expect((await login('nl')).statusCode).toBe(200);
    expect(await languageOf()).toBe('nl');
    await database.db
      .updateTable('members')
      .set({ language_code: 'da' })
      .where('identity_sub', '=', 'user-c')
      .execute();
    expect((await login('en')).statusCode).toBe(200);
    expect(await languageOf()).toBe('da');
  });

  it('keeps one member per identity across logins', async () => {
    for (let i = 0; i < 2; i += 1) {
      await app.inject({
        method: 'POST',
        url: '/authapi/member/login-member-c2/en',
        headers: auth('user-b'),
        payload: {},
      });
    }
    const rows = await database.db
      .selectFrom('members')
      .select('member_id')
      .where('identity_sub', '=', 'user-b')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it.each([
    [{}, 'Member not logged in'],
    [{ authorization: 'Bearer forged' }, 'JWT Invalid'],
    [{ authorization: 'Basic abc' }, 'Member not logged in'],
  ])('refuses %j with 401 and writes nothing', async (headers, message) => {
    const before = await database.db.selectFrom('members').select('member_id').execute();
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/member/login-member-c2/en',
      headers,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorCode: 'AUTH', Error: message });
    expect(await database.db.selectFrom('members').select('member_id').execute()).toHaveLength(
      before.length,
    );
  });

  it('answers 503 (not 401) when the identity keys cannot be read', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/member/login-member-c2/en',
      headers: { authorization: 'Bearer down' },
      payload: {},
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      ErrorCode: 'UNKNOWN',
      Error: 'Service unavailable, try again shortly',
    });
  });

  it('rejects an unsupported language with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/member/login-member-c2/xx',
      headers: auth('user-c'),
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ErrorCode: 'REQUEST_INVALID',
      Issues: [{ Path: 'params.LanguageCode' }],
    });
  });

  it('get-member before any member-token login is a 404', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/authapi/member/get-member',
      headers: auth('nobody'),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('set-terms', () => {
  it('stores and echoes the acceptance time', async () => {
    await app.inject({
      method: 'POST',
      url: '/authapi/member/login-member-c2/en',
      headers: auth('user-t'),
      payload: {},
    });
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/member/set-terms',
      headers: auth('user-t'),
      payload: { TermsAcceptedTimestamp: 1_795_000_000_000, SpamMeTimestamp: -1 },
    });
    expect(res.json()).toEqual({ TermsAcceptedTimestamp: 1_795_000_000_000 });
  });
});

describe('signup-check-email', () => {
  it('finds nothing for an unknown address, then limits the rate per IP', async () => {
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/authapi/auth/signup-check-email',
        payload: { EmailAddress: 'new@example.com' },
        remoteAddress: '10.9.8.7',
      });
    expect((await ask()).json()).toEqual({
      EmailFound: false,
      UserVerified: false,
      Deleted: false,
    });
    for (let i = 0; i < 4; i += 1) await ask();
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      ErrorCode: 'RATE_LIMITED',
      Error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) as string,
    });
  });

  it('rejects a malformed address', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/auth/signup-check-email',
      payload: { EmailAddress: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('member tokens', () => {
  it('refuses a tampered or foreign token as JWT Invalid', async () => {
    const token = await tokens.issue({
      memberId: 7,
      wearerId: 1007,
      clientId: 1,
      domainId: 'local',
    });
    const [h, p, s] = token.split('.');
    await expect(tokens.verify(`${h}.${p}x.${s}`)).rejects.toThrow('JWT Invalid');
    const other = createMemberTokenService(new Uint8Array(32));
    await expect(other.verify(token)).rejects.toThrow('JWT Invalid');
    await expect(tokens.verify(token)).resolves.toEqual({
      memberId: 7,
      wearerId: 1007,
      clientId: 1,
      domainId: 'local',
    });
  });

  it('refuses an expired token', async () => {
    let now = 1_795_000_000_000;
    const service = createMemberTokenService(new Uint8Array(32).fill(1), () => now);
    const token = await service.issue({
      memberId: 7,
      wearerId: 1007,
      clientId: 1,
      domainId: 'local',
    });
    now += 3_601_000;
    await expect(service.verify(token)).rejects.toThrow('JWT Expired');
  });
});

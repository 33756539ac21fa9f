import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lazyMemberTokenService,
  loadMemberTokenSecret,
} from '../../../server/authHost/memberTokens';
import { realtimePlugin } from '../../../server/realtime/realtimePlugin';
import type { ShareTokenVerifier } from '../../../server/realtime/shareAccess';
import { createTestDatabase, testConfig, type TestDatabase, bareTestApp } from './testServer';

const VERIFY_URL = '/api/member-integration-public/verify-socket-user';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A well-formed JWT (what both token fields take) with `claims`, signed by nobody. */
const jwt = (claims: object) =>
  `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${'A'.repeat(43)}`;
const SIGNED = jwt({ jti: 'share-7' });
const FORGED_MEMBER_TOKEN = jwt({ sub: '1' });
const guess = (i: number | string) => jwt({ jti: `guess-${i}` });

let database: TestDatabase;
let app: FastifyInstance;

/** A verifier that signed exactly one token, of share 7 (its share is gone: verify says null). */
const shareTokens: ShareTokenVerifier = {
  verify: () => Promise.resolve(null),
  signedShareId: (token) => Promise.resolve(token === SIGNED ? '7' : null),
};

async function verify(body: Record<string, unknown>, ip: string) {
  const res = await app.inject({
    method: 'POST',
    url: VERIFY_URL,
    payload: { SocketID: 'no-such-socket', ...body },
    remoteAddress: ip,
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = bareTestApp();
  await app.register(realtimePlugin, {
    config: testConfig(),
    db: database.db,
    memberTokens: lazyMemberTokenService(() => loadMemberTokenSecret(database.db)),
    buildTimestamp: null,
    shareTokens,
    verifyRateLimit: {
      perIp: { max: 3, windowMs: 60_000 },
      perShare: { max: 5, windowMs: 60_000 },
      perMemberIp: { max: 2, windowMs: 60_000 },
    },
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('verify-socket-user rate limit (issue 8 item 1: enumeration is rate-limited)', () => {
  it('gives share tokens this server did not sign the per-IP budget, then answers 429 RATE_LIMITED', async () => {
    const ip = '198.51.100.1';
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await verify({ ShareToken: guess(i) }, ip));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[0]?.body).toEqual({ Success: false });
    expect(answers[3]?.body).toMatchObject({ ErrorCode: 'RATE_LIMITED' });
    // Another address has its own budget.
    expect((await verify({ ShareToken: guess('x') }, '198.51.100.2')).status).toBe(200);
  });

  it("counts a signed token against its share's budget, apart from the IP's guesses", async () => {
    const ip = '198.51.100.3';
    for (let i = 0; i < 3; i += 1) await verify({ ShareToken: guess(i) }, ip);
    expect((await verify({ ShareToken: guess(3) }, ip)).status).toBe(429);
    const signed = [];
    for (let i = 0; i < 6; i += 1) signed.push((await verify({ ShareToken: SIGNED }, ip)).status);
    expect(signed).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('gives member-token calls a budget of their own per IP', async () => {
    const ip = '198.51.100.4';
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await verify({ MemberIntegrationToken: FORGED_MEMBER_TOKEN }, ip)).status);
    }
    expect(statuses).toEqual([401, 401, 429]);
    expect((await verify({ ShareToken: guess('m') }, ip)).status).toBe(200);
  });
});

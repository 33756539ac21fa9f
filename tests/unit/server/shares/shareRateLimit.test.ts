import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installErrorHandling } from '../../../../server/http/errorHandler';
import {
  SHARE_CALL_BODY_LIMIT_BYTES,
  SHARE_TOKEN_RATE_LIMIT,
  SHARE_VIEWER_RATE_LIMIT,
  registerShareRateLimit,
  registerShareTokenRateLimit,
  shareCallKey,
} from '../../../../server/shares/shareRateLimit';

/*
 * The limits the public share calls and the short links register around themselves (issue 8): per
 * client IP, and for the share calls per share and IP when the token is one this server signed. The
 * signature check is a stand-in here (real tokens: tests/unit/server/shareViewing/).
 */

/** Stand-in for ShareVerifier.signedShareId: tokens `signed.<id>` are ours. */
const signedShareId = (token: unknown): Promise<string | null> =>
  Promise.resolve(
    typeof token === 'string' && token.startsWith('signed.') ? token.slice('signed.'.length) : null,
  );

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandling(app);
  await app.register(async (scope) => {
    await registerShareRateLimit(scope, { max: 3, windowMs: 60_000 });
    scope.post('/public/short-link', () => ({ Success: true }));
  });
  await app.register(async (scope) => {
    await registerShareTokenRateLimit(scope, signedShareId, {
      perIp: { max: 3, windowMs: 60_000 },
      perShare: { max: 5, windowMs: 60_000 },
    });
    scope.post('/public/share-call', () => ({ Success: true }));
  });
  app.post('/elsewhere', () => ({ Success: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

afterEach(() => {
  vi.useRealTimers();
});

const call = (url: string, ip: string, payload: object = {}) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip });

/** The status codes of `n` calls in a row. */
async function codes(n: number, url: string, ip: string, payload: object = {}): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < n; i += 1) answers.push((await call(url, ip, payload)).statusCode);
  return answers;
}

const RATE_LIMITED = {
  ErrorCode: 'RATE_LIMITED',
  Error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) as string,
};

describe('registerShareRateLimit (per IP)', () => {
  it('answers 429 RATE_LIMITED past the budget of one IP, and counts each IP apart', async () => {
    expect(await codes(4, '/public/short-link', '203.0.113.1')).toEqual([200, 200, 200, 429]);
    const limited = await call('/public/short-link', '203.0.113.1');
    expect(limited.json()).toEqual(RATE_LIMITED);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call('/public/short-link', '203.0.113.2')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const ips = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:ffff::9', '2001:db8:1:2::3'];
    const answers = [];
    for (const ip of ips) answers.push((await call('/public/short-link', ip)).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    expect((await call('/public/short-link', '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('limits only the routes of the scope it was registered in', async () => {
    expect(new Set(await codes(6, '/elsewhere', '203.0.113.3'))).toEqual(new Set([200]));
  });

  it('defaults to 120 requests per minute per IP', () => {
    expect(SHARE_VIEWER_RATE_LIMIT).toEqual({ max: 120, windowMs: 60_000 });
  });
});

describe('registerShareTokenRateLimit (per share and IP for our tokens, else per IP)', () => {
  it('gives each signed share its own budget, so one IP may call for many shares', async () => {
    const ip = '198.51.100.10';
    const answers: number[] = [];
    for (let share = 0; share < 10; share += 1) {
      answers.push(
        ...(await codes(2, '/public/share-call', ip, { ShareToken: `signed.s${share}` })),
      );
    }
    expect(new Set(answers)).toEqual(new Set([200]));
    // The IP's own budget is untouched.
    expect(await codes(3, '/public/share-call', ip, { ShareToken: 'forged' })).toEqual([
      200, 200, 200,
    ]);
  });

  it('limits tokens without our signature, and calls without one, at the IP budget', async () => {
    const ip = '198.51.100.11';
    const bodies = [{ ShareToken: 'forged.1' }, { ShareToken: 42 }, {}];
    const answers = [];
    for (const body of bodies)
      answers.push((await call('/public/share-call', ip, body)).statusCode);
    expect(answers).toEqual([200, 200, 200]);
    const limited = await call('/public/share-call', ip, { ShareToken: 'forged.2' });
    expect([limited.statusCode, limited.json()]).toEqual([429, RATE_LIMITED]);
    expect(limited.headers['retry-after']).toBeDefined();
    // A signed token from the same address still has its share's budget.
    expect((await call('/public/share-call', ip, { ShareToken: 'signed.a' })).statusCode).toBe(200);
  });

  it('limits one share hammered past its budget, for that IP only', async () => {
    const ip = '198.51.100.12';
    const body = { ShareToken: 'signed.hammered' };
    expect(await codes(6, '/public/share-call', ip, body)).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await call('/public/share-call', ip, body)).json()).toEqual(RATE_LIMITED);
    expect((await call('/public/share-call', '198.51.100.13', body)).statusCode).toBe(200);
    const other = { ShareToken: 'signed.other' };
    expect((await call('/public/share-call', ip, other)).statusCode).toBe(200);
  });

  it('gives a budget back once its window has passed (virtual clock)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const ip = '198.51.100.14';
    expect(await codes(4, '/public/share-call', ip)).toEqual([200, 200, 200, 429]);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await call('/public/share-call', ip)).statusCode).toBe(200);
  });

  it('refuses bodies over the share-call limit with 413 before counting them', async () => {
    const ip = '198.51.100.15';
    const huge = { ShareToken: 'x'.repeat(SHARE_CALL_BODY_LIMIT_BYTES) };
    expect((await call('/public/share-call', ip, huge)).statusCode).toBe(413);
    expect(await codes(3, '/public/share-call', ip)).toEqual([200, 200, 200]);
  });

  it('defaults to 300 requests per minute per share and IP', () => {
    expect(SHARE_TOKEN_RATE_LIMIT).toEqual({ max: 300, windowMs: 60_000 });
  });
});

describe('shareCallKey', () => {
  const request = (ip: string, body: unknown) => ({ ip, body }) as FastifyRequest;

  it('keys a signed token by its share id and the IP, never by the token', async () => {
    const token = 'signed.AbCdEfGhIjKlMnOpQrStUv';
    const key = await shareCallKey(request('203.0.113.7', { ShareToken: token }), signedShareId);
    expect(key).toBe('share:AbCdEfGhIjKlMnOpQrStUv/203.0.113.7');
    expect(key).not.toContain(token);
  });

  it('keys anything else by the IP (IPv6 by its /64), never by what was sent', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJqdGkiOiJ4In0.c2ln';
    expect(await shareCallKey(request('203.0.113.7', { ShareToken: forged }), signedShareId)).toBe(
      'ip:203.0.113.7',
    );
    expect(await shareCallKey(request('2001:db8::5', null), signedShareId)).toBe('ip:2001:db8::');
    const failing = () => Promise.reject(new Error('keyring unavailable'));
    expect(await shareCallKey(request('203.0.113.7', { ShareToken: 'x' }), failing)).toBe(
      'ip:203.0.113.7',
    );
  });
});

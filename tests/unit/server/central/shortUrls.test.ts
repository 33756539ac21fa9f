import { beforeAll, describe, expect, it } from 'vitest';
import { memberIntegrationTokens, registerListeningTestServer } from '../signedUpMember';
import { BASE58, HOST, shortLinkTestConfig } from './shortLinkServer';

/*
 * The central service's short links through HTTP (issue 7 item 4; app §2 /go/{code}, §3 "Short URL",
 * §7 central; src/api/calls/central.ts): made by a signed-in member for a URL of this server only,
 * resolved by /central/urls/{code} and /go/{code}, limited per IP.
 */

const server = registerListeningTestServer(shortLinkTestConfig());
let memberToken = '';

beforeAll(async () => {
  [memberToken] = await memberIntegrationTokens(server, ['carol@example.com'] as const);
});

// Each resolving request comes from its own address, so only the rate-limit test meets the limit.
let lastOctet = 0;
const nextIp = () => `198.51.100.${(lastOctet += 1)}`;

const create = (payload: object, authorization: string | null = `Bearer ${memberToken}`) =>
  server.app.inject({
    method: 'POST',
    url: '/central/urls',
    headers: { host: HOST, ...(authorization ? { authorization } : {}) },
    payload,
  });
const resolve = (code: string, ip = nextIp()) =>
  server.app.inject({ method: 'GET', url: `/central/urls/${code}`, remoteAddress: ip });
const go = (code: string, ip = nextIp(), host = HOST) =>
  server.app.inject({
    method: 'GET',
    url: `/go/${code}`,
    headers: { accept: 'text/html', host },
    remoteAddress: ip,
  });
const shortUrlCount = async () =>
  (await server.database.db.selectFrom('short_urls').select('short_code').execute()).length;

const shareUrl = `http://${HOST}/share/journey/eyJhbGciOiJIUzI1NiJ9.e30.c2ln`;

describe('POST /central/urls', () => {
  it('makes a random 12-character base58 code that resolves to the URL', async () => {
    const res = await create({ FullUrl: shareUrl });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ ShortCode: string; FullUrl: string }>();
    expect(body).toEqual({
      ShortCode: expect.stringMatching(new RegExp(`^${BASE58}{12}$`)) as string,
      FullUrl: shareUrl,
    });

    const resolved = await resolve(body.ShortCode);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toEqual({ FullUrl: shareUrl });
  });

  it('makes a new code each time, even for the same URL', async () => {
    const first = (await create({ FullUrl: shareUrl })).json<{ ShortCode: string }>();
    const second = (await create({ FullUrl: shareUrl })).json<{ ShortCode: string }>();
    expect(first.ShortCode).not.toBe(second.ShortCode);
  });

  it('starts the code with the vanity stub in lower case and a random suffix, taken or not', async () => {
    const codes = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await create({ FullUrl: `${shareUrl}?n=${i}`, Vanity: 'Carols-Trip' });
      expect(res.statusCode).toBe(200);
      codes.push(res.json<{ ShortCode: string }>().ShortCode);
    }
    for (const code of codes) expect(code).toMatch(new RegExp(`^carols-trip-${BASE58}{8}$`));
    expect(codes[0]).not.toBe(codes[1]);
    const resolved = await Promise.all(codes.map((code) => resolve(code)));
    expect(resolved.map((res) => res.json<{ FullUrl: string }>().FullUrl)).toEqual([
      `${shareUrl}?n=0`,
      `${shareUrl}?n=1`,
    ]);
  });

  it.each([
    ['another host', 'https://evil.example/share/journey/x'],
    ['another port', 'http://127.0.0.1:8081/share/journey/x'],
    ['another scheme', 'https://127.0.0.1:8080/share/journey/x'],
    ['a non-http scheme', 'ftp://127.0.0.1:8080/x'],
    ['a URL over 2048 characters', `http://${HOST}/${'x'.repeat(2048)}`],
  ])('answers 400 REQUEST_INVALID body.FullUrl for %s, writing nothing', async (_name, url) => {
    const before = await shortUrlCount();
    const res = await create({ FullUrl: url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      ErrorCode: 'REQUEST_INVALID',
      Issues: [{ Path: 'body.FullUrl', Message: 'Validations.InvalidValues' }],
    });
    expect(await shortUrlCount()).toBe(before);
  });

  it.each([
    ['a leading dash', '-trip'],
    ['a space', 'my trip'],
    ['31 characters', 'a'.repeat(31)],
  ])('answers 400 body.Vanity for a vanity stub with %s', async (_name, vanity) => {
    const res = await create({ FullUrl: shareUrl, Vanity: vanity });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ Issues: { Path: string }[] }>().Issues.map((i) => i.Path)).toContain(
      'body.Vanity',
    );
  });

  it.each([
    ['no bearer token', null, 'Member not logged in'],
    ['a bearer that is no member token', 'Bearer not-a-token', expect.any(String) as string],
  ])('answers 401 AUTH with %s, writing nothing', async (_name, authorization, message) => {
    const before = await shortUrlCount();
    const res = await create({ FullUrl: shareUrl }, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorCode: 'AUTH', Error: message });
    expect(await shortUrlCount()).toBe(before);
  });
});

describe('resolving', () => {
  it('GET /central/urls/{code} answers 404 NOT_FOUND for an unknown code', async () => {
    const res = await resolve('NoSuchCode42');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ ErrorCode: 'NOT_FOUND' });
  });

  it('GET /go/{code} redirects to the URL, with no referrer and no caching', async () => {
    const { ShortCode } = (await create({ FullUrl: shareUrl })).json<{ ShortCode: string }>();
    const res = await go(ShortCode);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(shareUrl);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('never redirects to another site: a link made with a forged Host goes to share-not-found', async () => {
    const evil = 'http://evil.example/phish';
    const made = await server.app.inject({
      method: 'POST',
      url: '/central/urls',
      headers: { host: 'evil.example', authorization: `Bearer ${memberToken}` },
      payload: { FullUrl: evil },
    });
    expect(made.statusCode, made.body).toBe(200);
    const { ShortCode } = made.json<{ ShortCode: string }>();
    const res = await go(ShortCode);
    expect(res.headers.location).toBe(`/share-not-found/${ShortCode}`);
  });

  it('stores a URL as the parser writes it, so /go/ can send any stored link (U+2028 in a path)', async () => {
    const made = await create({ FullUrl: `http://${HOST}/a\u2028b` });
    expect(made.statusCode, made.body).toBe(200);
    const res = await go(made.json<{ ShortCode: string }>().ShortCode);
    expect([res.statusCode, res.headers.location]).toEqual([302, `http://${HOST}/a%E2%80%A8b`]);
  });

  it('refuses a Host that is no host with a 400, not a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/central/urls',
      headers: { host: 'a'.repeat(300), authorization: `Bearer ${memberToken}` },
      payload: { FullUrl: shareUrl },
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { ErrorCode: 'REQUEST_INVALID', Error: 'Invalid Host header' },
    ]);
  });

  it('matches codes exactly: another letter case is another code', async () => {
    const { ShortCode } = (await create({ FullUrl: shareUrl, Vanity: 'case' })).json<{
      ShortCode: string;
    }>();
    const res = await go(ShortCode.toUpperCase());
    expect(res.headers.location).toBe(
      `/share-not-found/${encodeURIComponent(ShortCode.toUpperCase())}`,
    );
  });

  it.each([
    ['an unknown code', 'NoSuchCode42', '/share-not-found/NoSuchCode42'],
    ['a code with a space', 'a%20b', '/share-not-found/a%20b'],
    ['a code with a slash', 'a/b', '/share-not-found/a%2Fb'],
    ['a code of 65 characters', 'a'.repeat(65), `/share-not-found/${'a'.repeat(65)}`],
    ['a code with markup', '%3Cscript%3E', '/share-not-found/%3Cscript%3E'],
  ])('GET /go/ with %s redirects to share-not-found (not the SPA)', async (_name, code, target) => {
    const res = await go(code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(target);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('limits resolution to 60 requests a minute per IP, /go/ and /central/urls together', async () => {
    const { ShortCode } = (await create({ FullUrl: shareUrl })).json<{ ShortCode: string }>();
    const ip = '203.0.113.77';
    const statuses = [];
    for (let i = 0; i < 60; i += 1) {
      const res = i % 2 === 0 ? await go(`Guess${i}`, ip) : await resolve(`Guess${i}`, ip);
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const limited = await go(ShortCode, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ ErrorCode: 'RATE_LIMITED' });
    expect((await resolve(ShortCode, ip)).statusCode).toBe(429);
    expect((await go(ShortCode, '203.0.113.78')).headers.location).toBe(shareUrl);
  });
});

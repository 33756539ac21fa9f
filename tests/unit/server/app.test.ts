import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBody } from '../../../src/api/errors';
import { RuntimeConfig } from '../../../src/api/runtimeConfig';
import { buildServer } from '../../../server/app';
import { openDb } from '../../../server/db/database';
import { freePort } from '../../../server/db/embedded';
import {
  buildTestServer,
  createTestDatabase,
  createWebDir,
  TEST_SCRIPT,
  testConfig,
  type TestDatabase,
} from './testServer';

let database: TestDatabase;
let app: FastifyInstance;

/** A route shaped like every contract route: a zod body, a write, a JSON answer. */
function addProbeRoute(server: FastifyInstance, db: TestDatabase['db']): void {
  server.withTypeProvider<ZodTypeProvider>().post(
    '/api/test/probe',
    {
      schema: {
        body: z.object({ DomainId: z.string().regex(/^[a-z]+$/), Count: z.number().int() }),
      },
    },
    async (request) => {
      await db
        .insertInto('domains')
        .values({
          domain_id: request.body.DomainId,
          country_code: 'NO',
          description: 'probe',
          domain_url: 'http://probe',
        })
        .execute();
      return { Success: true };
    },
  );
  server.get('/api/test/boom', () => {
    throw new Error('secret internals: password=hunter2');
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const webDir = await createWebDir();
  app = await buildServer(testConfig({ BODY_LIMIT_BYTES: '4096' }, webDir), { db: database.db });
  addProbeRoute(app, database.db);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

async function domainCount(): Promise<number> {
  const row = await database.db
    .selectFrom('domains')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

describe('GET /healthz', () => {
  it('answers ok when the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('answers 503 naming the database when it is unreachable', async () => {
    const port = await freePort();
    const deadDb = openDb({ url: `postgres://postgres:x@127.0.0.1:${port}/none` });
    const server = await buildTestServer(deadDb);
    const res = await server.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', db: 'unreachable' });
    await server.close();
    await deadDb.destroy();
  });
});

describe('GET /config.json', () => {
  it('matches the contract and names this origin', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/config.json',
      headers: { host: 'eu.test:8080' },
    });
    expect(res.statusCode).toBe(200);
    const config = RuntimeConfig.parse(res.json());
    expect(config.identity).toMatchObject({
      endpoint: 'http://eu.test:8080/identity',
      region: 'local',
      userPoolId: 'local_Lifeline',
    });
    expect(config).toMatchObject({
      authApiBase: 'http://eu.test:8080/authapi',
      centralHost: 'http://eu.test:8080/central',
      mapStyle: null,
      buildTimestamp: 1_795_000_000_000,
      environment: 'local',
    });
    expect(config.links.help).toMatch(/^https:\/\//);
  });
});

// A share token whose signature has only letters and digits once looked like a file extension.
const SHARE_PATH =
  '/share/activity/eyJhbGciOiJIUzI1NiJ9.eyJDMlVybCI6Imh0dHA6Ly8xMjcuMC4wLjEifQ.6ZZfO4SocfC3jolIYxPWiY4ubxKM390S9d12hechBAA';

describe('the SPA', () => {
  it.each(['/', '/home', '/member/activities', '/share/activity/abc', '/no/such/page', SHARE_PATH])(
    'serves index.html for %s',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('sends a strict CSP and no referrer', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['GET', '/ingest/osmand?id=x&lat=1&lon=2&timestamp=1'],
    ['POST', '/ingest/batch'],
    ['POST', '/ingest/messages'],
    ['POST', '/ingest/messages/state'],
    ['POST', '/ingest/messages/reply'],
  ] as const)('answers devices at %s %s with the API security headers', async (method, url) => {
    const res = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('serves a share link’s page to any GET that is not a file, whatever it accepts', async () => {
    const res = await app.inject({ method: 'GET', url: SHARE_PATH, headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('answers unknown API paths and missing files with the JSON 404', async () => {
    for (const url of ['/api/member-integration/nope', '/assets/missing.js', '/favicon.ico']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(ApiErrorBody.parse(res.json()).ErrorCode).toBe('NOT_FOUND');
    }
  });

  it.each([
    ['br, gzip, deflate', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['identity', undefined, (body: Buffer) => body],
  ])(
    'sends a script built with compressed twins as the encoding accepted (%s), the same script',
    async (acceptEncoding, encoding, decode) => {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/app-test.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(res.rawPayload).toString('utf8')).toBe(TEST_SCRIPT);
    },
  );

  it('has a file outside /assets/ (not named by its hash) revalidated on every use', async () => {
    const res = await app.inject({ method: 'GET', url: '/build.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a script without compressed twins plain to a browser that accepts brotli', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/tiny-test.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('says how to build it when it is not built', async () => {
    const server = await buildTestServer(database.db, testConfig({}, '/nonexistent-web-dir'));
    const res = await server.inject({ method: 'GET', url: '/member/activities' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build');
    await server.close();
  });
});

describe('GET /docs/{clientId}/{filename}', () => {
  it('serves the seeded EULA', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/1/eula-en.md?v=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('End User Licence Agreement');
  });

  it.each(['/docs/1/nope.md', '/docs/2/eula-en.md'])('404 for %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
  });

  it('400 for a path outside the document names', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/1/..%2Fsecret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'REQUEST_INVALID' });
  });
});

describe('GET /brands/brand-logo/{brandId}', () => {
  it("draws a brand without a logo of its own in the theme's colour, as an SVG that runs nothing", async () => {
    await database.db
      .updateTable('clients')
      .set({ brand_color_dark: '#112233', brand_color_light: '#445566' })
      .where('brand_id', '=', 1)
      .execute();
    const dark = await app.inject({ method: 'GET', url: '/brands/brand-logo/1?theme=DARK' });
    expect(dark.statusCode).toBe(200);
    expect(dark.headers['content-type']).toContain('image/svg+xml');
    expect(dark.headers['content-security-policy']).toContain("default-src 'none'");
    expect(dark.body).toContain('fill="#112233"');
    const light = await app.inject({ method: 'GET', url: '/brands/brand-logo/1?theme=LIGHT' });
    expect(light.body).toContain('fill="#445566"');
  });

  it("serves the client's own Logo document when it has one", async () => {
    const logo = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="9"/></svg>';
    await database.db
      .insertInto('client_documents')
      .values({
        client_id: 1,
        type: 'Logo',
        locale: 'en',
        filename: 'logo.svg',
        content_type: 'image/svg+xml',
        content: logo,
        last_update_ms: 1,
        effective_ms: 1,
      })
      .execute();
    const res = await app.inject({ method: 'GET', url: '/brands/brand-logo/1?theme=DARK' });
    expect([res.statusCode, res.body]).toEqual([200, logo]);
    await database.db.deleteFrom('client_documents').where('type', '=', 'Logo').execute();
  });

  it.each([
    ['/brands/brand-logo/999', 404, 'NOT_FOUND'],
    ['/brands/brand-logo/abc', 400, 'REQUEST_INVALID'],
    ['/brands/brand-logo/1?theme=PINK', 400, 'REQUEST_INVALID'],
  ])('%s → %i %s', async (url, status, code) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ ErrorCode: code });
  });
});

describe('bad input gets a 4xx and writes nothing', () => {
  const post = (payload: string, contentType = 'application/json') =>
    app.inject({
      method: 'POST',
      url: '/api/test/probe',
      headers: { 'content-type': contentType },
      payload,
    });

  it('accepts a good request (the probe writes)', async () => {
    const before = await domainCount();
    const res = await post(JSON.stringify({ DomainId: 'probe', Count: 1 }));
    expect(res.statusCode).toBe(200);
    expect(await domainCount()).toBe(before + 1);
  });

  it.each([
    ['malformed JSON', '{"DomainId": "x",', 'application/json', 400, 'REQUEST_INVALID'],
    [
      'wrong types',
      JSON.stringify({ DomainId: 5, Count: 'one' }),
      'application/json',
      400,
      'REQUEST_INVALID',
    ],
    [
      'a missing field',
      JSON.stringify({ DomainId: 'abc' }),
      'application/json',
      400,
      'REQUEST_INVALID',
    ],
    ['a JSON array', '[1,2]', 'application/json', 400, 'REQUEST_INVALID'],
    [
      'a body over the limit',
      JSON.stringify({ DomainId: 'a'.repeat(10_000), Count: 1 }),
      'application/json',
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'another content type',
      'DomainId=x',
      'application/x-www-form-urlencoded',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ])('%s', async (_name, payload, contentType, status, code) => {
    const before = await domainCount();
    const res = await post(payload, contentType);
    expect(res.statusCode).toBe(status);
    const body = ApiErrorBody.parse(res.json());
    expect(body.ErrorCode).toBe(code);
    expect(body.Error.length).toBeGreaterThan(0);
    expect(await domainCount()).toBe(before);
  });

  it('names each failing field', async () => {
    const res = await post(JSON.stringify({ DomainId: 'UPPER', Count: 1.5 }));
    const body = ApiErrorBody.parse(res.json());
    expect(body.Issues?.map((i) => i.Path).sort()).toEqual(['body.Count', 'body.DomainId']);
  });

  it('hides internals of an unexpected failure behind a 500 UNKNOWN', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ ErrorCode: 'UNKNOWN', Error: 'Internal server error' });
  });
});

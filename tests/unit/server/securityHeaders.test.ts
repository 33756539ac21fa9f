import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { DEVICE_ROUTE, registerSecurityHeaders } from '../../../server/http/security';

const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: 'postgres://unused',
  SMTP_URL: 'smtp://unused',
  SMS_GATEWAY_URL: 'http://unused',
  PUBLIC_URL: 'https://lifeline.example',
};

let app: FastifyInstance | undefined;

/** A server with the security headers, a document route and a device route. */
async function serverFor(env: Record<string, string>): Promise<FastifyInstance> {
  app = Fastify();
  registerSecurityHeaders(app, loadConfig(env));
  app.get('/page', () => 'page');
  app.get('/ingest/probe', DEVICE_ROUTE, () => ({ ok: true }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe('registerSecurityHeaders', () => {
  it("gives a document route the SPA's full set", async () => {
    const server = await serverFor({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const res = await server.inject({ method: 'GET', url: '/page' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives a device route the API set: nothing loads, nothing frames, no sniffing', async () => {
    const server = await serverFor({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const res = await server.inject({ method: 'GET', url: '/ingest/probe' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const documentOnly of [
      'x-frame-options',
      'origin-agent-cluster',
      'cross-origin-opener-policy',
      'x-dns-prefetch-control',
      'strict-transport-security',
    ]) {
      expect(res.headers[documentOnly]).toBeUndefined();
    }
  });

  it('sends HSTS on both kinds of route in production, with the same value', async () => {
    const server = await serverFor(PRODUCTION_ENV);
    const page = await server.inject({ method: 'GET', url: '/page' });
    const device = await server.inject({ method: 'GET', url: '/ingest/probe' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(device.headers['strict-transport-security']).toBe(
      page.headers['strict-transport-security'],
    );
  });

  it('gives an unknown path (no route, no config) the full set', async () => {
    const server = await serverFor({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const res = await server.inject({ method: 'GET', url: '/ingest/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from '../../../../server/http/errorHandler';
import {
  SHARE_VIEWER_RATE_LIMIT,
  registerShareRateLimit,
} from '../../../../server/shares/shareRateLimit';

/* The per-IP limit the public share calls register around themselves (issue 8 item 1). */

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  installErrorHandling(app);
  await app.register(async (scope) => {
    await registerShareRateLimit(scope, { max: 3, windowMs: 60_000 });
    scope.post('/public/share-call', () => ({ Success: true }));
  });
  app.post('/elsewhere', () => ({ Success: true }));
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const call = (url: string, ip: string) =>
  app.inject({ method: 'POST', url, payload: {}, remoteAddress: ip });

describe('registerShareRateLimit', () => {
  it('answers 429 RATE_LIMITED past the budget of one IP, and counts each IP apart', async () => {
    const first = [];
    for (let i = 0; i < 4; i += 1)
      first.push((await call('/public/share-call', '203.0.113.1')).statusCode);
    expect(first).toEqual([200, 200, 200, 429]);
    const limited = await call('/public/share-call', '203.0.113.1');
    expect(limited.json()).toEqual({
      ErrorCode: 'RATE_LIMITED',
      Error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) as string,
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call('/public/share-call', '203.0.113.2')).statusCode).toBe(200);
  });

  it('limits only the routes of the scope it was registered in', async () => {
    const codes = [];
    for (let i = 0; i < 6; i += 1) codes.push((await call('/elsewhere', '203.0.113.3')).statusCode);
    expect(codes.every((code) => code === 200)).toBe(true);
  });

  it('defaults to 120 requests per minute per IP', () => {
    expect(SHARE_VIEWER_RATE_LIMIT).toEqual({ max: 120, windowMs: 60_000 });
  });
});

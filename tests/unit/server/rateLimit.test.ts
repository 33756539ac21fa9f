import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, createTestDatabase, testConfig, type TestDatabase } from './testServer';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

async function statuses(
  app: FastifyInstance,
  forwardedFor: (i: number) => string,
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 32; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/authapi/auth/signup-check-email',
      payload: { EmailAddress: 'someone@example.com' },
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    out.push(res.statusCode);
  }
  return out;
}

describe('per-IP rate limits and X-Forwarded-For', () => {
  it('by default a forged X-Forwarded-For does not escape the limit', async () => {
    const app = await buildTestServer(database.db);
    const codes = await statuses(app, (i) => `198.51.100.${i}`);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    const limited = await app.inject({
      method: 'POST',
      url: '/authapi/auth/signup-check-email',
      payload: { EmailAddress: 'someone@example.com' },
      remoteAddress: '203.0.113.9',
    });
    expect(limited.json()).toEqual({
      ErrorCode: 'RATE_LIMITED',
      Error: expect.stringMatching(/^Too many requests; try again in \d+ s$/) as string,
    });
    await app.close();
  });

  it('with TRUST_PROXY=1 the nearest proxy names the client', async () => {
    const app = await buildTestServer(database.db, testConfig({ TRUST_PROXY: '1' }));
    const codes = await statuses(app, (i) => `198.51.100.${i}`);
    expect(codes.every((c) => c === 200)).toBe(true);
    await app.close();
  });
});

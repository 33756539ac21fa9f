import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsNul, NUL_CHARACTER_MESSAGE } from '../../../server/http/nulCharacters';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

/*
 * A NUL character (U+0000) anywhere in a request is refused before validation with a 400 in the
 * scope's error shape (server/http/nulCharacters.ts): PostgreSQL's text cannot hold it, and each such
 * value used to fail at the database with a 500.
 */

describe('containsNul', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 'a\u0000';
    for (let i = 0; i < depth; i += 1) value = [value];
    return value;
  };
  it.each([
    ['a plain string', () => 'a\u0000b', true],
    ['a clean string', () => 'Lysefjorden 🚣', false],
    ['a nested value', () => ({ a: [1, { b: 'x\u0000' }] }), true],
    ['a key', () => ({ ['k\u0000']: 1 }), true],
    ['numbers, booleans and null', () => ({ a: 1, b: [true, null] }), false],
    ['a binary body', () => Buffer.from([0, 0, 0]), false],
    ['nesting 100,000 deep', () => nested(100_000), true],
    ['nothing', () => undefined, false],
  ])('%s', (_name, value, expected) => {
    expect(containsNul(value())).toBe(expected);
  });
});

describe('requests with a NUL character', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestServer(database.db);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it.each([
    ['POST', '/ingest/batch', { IngestKey: 'a\u0000b', Points: [] }],
    ['GET', '/ingest/osmand?id=a%00b&lat=59.9&lon=10.7', undefined],
    [
      'POST',
      '/api/member-integration-public/message-send',
      {
        ShareToken: 'x.y.z',
        ActivityId: 21,
        MessageText: 'hi',
        SenderName: 'Lars',
        ShareViewerId: 'a\u0000b',
      },
    ],
    ['POST', '/ingest/messages', { IngestKey: 'a\u0000b' }],
    ['GET', '/go/a%00b', undefined],
  ] as const)('%s %s answers 400 REQUEST_INVALID', async (method, url, payload) => {
    const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ ErrorCode: 'REQUEST_INVALID', Error: NUL_CHARACTER_MESSAGE });
  });

  it('answers the identity service in its own shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/identity',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
      },
      payload: JSON.stringify({ ClientId: 'c', Username: 'a\u0000b@example.com' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      __type: 'InvalidParameterException',
      message: NUL_CHARACTER_MESSAGE,
    });
  });
});

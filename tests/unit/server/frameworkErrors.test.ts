import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from './identity/identityKit';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

/*
 * What Fastify's router and Node's HTTP parser refuse before any route runs answers in the spec's
 * error shape `{ ErrorCode, Error }` (server/http/frameworkErrors.ts), not in Fastify's own.
 */

let database: TestDatabase;
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  port = Number(new URL(await listen(app)).port);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

/** Sends `request` as raw bytes and answers the status line and body the server wrote back. */
function rawRequest(request: string): Promise<{ statusLine: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n', 2);
      resolve({ statusLine: head.split('\r\n')[0] ?? '', body });
    });
    socket.write(request);
  });
}

describe('errors met before any route', () => {
  it.each([
    '/go/%E0%A4%A',
    '/api/member-integration/load-wearer-reminders/%E0%A4%A',
    '/central/urls/%E0%A4%A',
  ])('a broken percent-escape in %s answers 400 REQUEST_INVALID', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ErrorCode: 'REQUEST_INVALID',
      Error: 'The URL is not valid: a percent-escape is broken',
    });
  });

  it('a control character in a header answers 400 in the spec shape', async () => {
    const { statusLine, body } = await rawRequest(
      'GET /health HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n',
    );
    expect(statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(body)).toEqual({
      ErrorCode: 'REQUEST_INVALID',
      Error: 'The request is not valid HTTP',
    });
  });

  it('headers over the size limit answer 431 in the spec shape', async () => {
    const { statusLine, body } = await rawRequest(
      `GET /health?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    expect(statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(JSON.parse(body)).toEqual({
      ErrorCode: 'REQUEST_INVALID',
      Error: 'The request line or headers are too large',
    });
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../server/db/unavailable';
import { installErrorHandling } from '../../../server/http/errorHandler';

/** An Error with a `code`, as pg and Node raise them. */
function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('a database that cannot take the request now answers 503, not 500', () => {
  it.each<[string, Error, boolean]>([
    ['an overloaded pool', new Error('timeout exceeded when trying to connect'), true],
    [
      'a connection that timed out',
      new Error('Connection terminated due to connection timeout'),
      true,
    ],
    ['a server shutting down', coded('the database system is shutting down', '57P03'), true],
    ['no connection slots left', coded('too many clients already', '53300'), true],
    [
      'PostgreSQL not listening',
      coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      true,
    ],
    [
      'a wrapped pool timeout',
      new Error('query failed', { cause: new Error('timeout exceeded when trying to connect') }),
      true,
    ],
    ['a constraint violation', coded('duplicate key value', '23505'), false],
    ['a bug', new TypeError('x is undefined'), false],
  ])('%s → %s', (_name, error, unavailable) => {
    expect(isDatabaseUnavailable(error)).toBe(unavailable);
  });

  it('answers 503 UNKNOWN with Retry-After for an unavailable database, 500 for anything else', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/busy', () => Promise.reject(new Error('timeout exceeded when trying to connect')));
    app.get('/bug', () => Promise.reject(new TypeError('x is undefined')));
    try {
      const busy = await app.inject({ method: 'GET', url: '/busy' });
      expect([busy.statusCode, busy.headers['retry-after'], busy.json()]).toEqual([
        503,
        '1',
        { ErrorCode: 'UNKNOWN', Error: 'Service unavailable, try again shortly' },
      ]);
      const bug = await app.inject({ method: 'GET', url: '/bug' });
      expect([bug.statusCode, bug.json()]).toEqual([
        500,
        { ErrorCode: 'UNKNOWN', Error: 'Internal server error' },
      ]);
    } finally {
      await app.close();
    }
  });
});

import Fastify, { type FastifyInstance } from 'fastify';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type CognitoUserSession,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { expect } from 'vitest';
import type { IdentityConfig } from '../../../../src/api/runtimeConfig';
import type { Db } from '../../../../server/db/database';
import type { Clock, RandomSource } from '../../../../server/identity/context';
import type { IpRateLimits } from '../../../../server/identity/ipRateLimit';
import { identityPlugin } from '../../../../server/identity/plugin';
import { createOutbox } from '../../../../server/outbox/outbox';
import { testConfig } from '../testServer';

/** The client's storage, one per test, so sessions of different tests never meet. */
export class MemoryStorage implements ICognitoStorage {
  private readonly items = new Map<string, string>();
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** A controllable clock: epoch ms, moved by tests. */
export interface TestClock {
  readonly now: Clock;
  advance(ms: number): void;
  set(ms: number): void;
}

/** A clock starting at `startMs` that moves only when told to. */
export function testClock(startMs = Date.UTC(2026, 10, 21, 12, 0, 0)): TestClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** The identity plugin alone on a bare Fastify, with an injected clock and randomness. */
export async function buildIdentityApp(
  db: Db,
  options: { now?: Clock; random?: RandomSource; ipRateLimits?: IpRateLimits } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const outbox = createOutbox(db, null, { error: () => undefined });
  await app.register(identityPlugin, { db, outbox, config: testConfig(), ...options });
  await app.ready();
  return app;
}

/** The latest code the outbox holds for `to` (e-mail or phone), or throws. */
export async function latestCode(db: Db, to: string): Promise<string> {
  const row = await db
    .selectFrom('outbox_messages')
    .select(['code'])
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', to.toLowerCase()))
    .orderBy('message_id', 'desc')
    .executeTakeFirst();
  if (!row?.code) throw new Error(`no code sent to ${to}`);
  return row.code;
}

/** The running server's pool (throws when the local pool could not be read). */
export function poolOf(app: FastifyInstance): IdentityConfig {
  if (!app.identityPool) throw new Error('the identity pool is not loaded');
  return app.identityPool;
}

/** A user pool of the real client pointed at a listening server's `/identity`. */
export function clientPool(app: FastifyInstance, origin: string, storage: ICognitoStorage) {
  return new CognitoUserPool({
    UserPoolId: poolOf(app).userPoolId,
    ClientId: poolOf(app).clientId,
    endpoint: `${origin}/identity`,
    Storage: storage,
  });
}

/** A CognitoUser of `pool` named `username`, sharing the pool's storage. */
export function userOf(pool: CognitoUserPool, username: string, storage: ICognitoStorage) {
  return new CognitoUser({ Username: username, Pool: pool, Storage: storage });
}

/** Runs a callback-style client call as a promise. */
export function call<T>(run: (done: (error: unknown, result?: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    run((error, result) => {
      if (error) reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      else resolve(result as T);
    });
  });
}

/** The client's SRP sign-in as a promise. */
export function signIn(user: CognitoUser, password: string): Promise<CognitoUserSession> {
  return new Promise((resolve, reject) => {
    user.authenticateUser(
      new AuthenticationDetails({ Username: user.getUsername(), Password: password }),
      {
        onSuccess: resolve,
        onFailure: (error: unknown) => {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      },
    );
  });
}

/** Expects `promise` to reject with the client's error `code` (and `message` when given). */
export async function expectCode(
  promise: Promise<unknown>,
  code: string,
  message?: string,
): Promise<void> {
  const error: unknown = await promise.then(
    () => new Error('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ code, ...(message === undefined ? {} : { message }) });
}

/** Listens on a free port of 127.0.0.1 and returns the origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/** One raw call of the JSON API through `app.inject`. */
export async function amz(
  app: FastifyInstance,
  operation: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/identity',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json<Record<string, unknown>>(),
  };
}

/** Row counts of every identity table (to prove a refused request wrote nothing). */
export async function identityRowCounts(db: Db): Promise<Record<string, number>> {
  const tables = [
    'identity_users',
    'identity_codes',
    'identity_refresh_tokens',
    'identity_srp_sessions',
    'identity_attempts',
    'outbox_messages',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = row.n;
  }
  return counts;
}

/**
 * Signs up `email` through the JSON API, confirms it with the code from the outbox, and signs in with
 * the real client against the listening server at `origin`; returns the client's session.
 */
export async function signUpAndSignIn(
  app: FastifyInstance,
  db: Db,
  origin: string,
  email: string,
  password: string,
  attributes: readonly { Name: string; Value: string }[] = [],
): Promise<CognitoUserSession> {
  const clientId = poolOf(app).clientId;
  await amz(app, 'SignUp', {
    ClientId: clientId,
    Username: email,
    Password: password,
    UserAttributes: [...attributes],
  });
  await amz(app, 'ConfirmSignUp', {
    ClientId: clientId,
    Username: email,
    ConfirmationCode: await latestCode(db, email),
  });
  const storage = new MemoryStorage();
  return signIn(userOf(clientPool(app, origin, storage), email, storage), password);
}

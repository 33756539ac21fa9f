import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../../../server/config';
import type { Db } from '../../../server/db/database';
import { listen, signUpAndSignIn } from './identity/identityKit';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

/**
 * Signs up and confirms `email` through the identity API of a listening server at `origin`, signs in
 * with the real client and returns the ID token.
 */
export async function signedUpIdToken(
  app: FastifyInstance,
  db: Db,
  origin: string,
  email: string,
  password = 'Fjord#Paddle7',
): Promise<string> {
  const session = await signUpAndSignIn(app, db, origin, email, password, [
    { Name: 'email', Value: email },
    { Name: 'given_name', Value: 'Dana' },
  ]);
  return session.getIdToken().getJwtToken();
}

/**
 * Signs up `email` (see {@link signedUpIdToken}) and logs the member in with its ID token (spec §7
 * POST login-member-c2/en); returns the `MemberIntegrationToken` the member-integration API accepts.
 */
export async function memberIntegrationToken(
  app: FastifyInstance,
  db: Db,
  origin: string,
  email: string,
): Promise<string> {
  const idToken = await signedUpIdToken(app, db, origin, email);
  const login = await app.inject({
    method: 'POST',
    url: '/authapi/member/login-member-c2/en',
    headers: { authorization: `Bearer ${idToken}` },
    payload: {},
  });
  return login.json<{ MemberIntegrationToken: string }>().MemberIntegrationToken;
}

/**
 * {@link memberIntegrationToken} for each of `emails` in turn on `server`: the member tokens, in the
 * order of `emails`.
 */
export async function memberIntegrationTokens<const Emails extends readonly string[]>(
  server: ListeningTestServer,
  emails: Emails,
): Promise<{ -readonly [K in keyof Emails]: string }> {
  const tokens: string[] = [];
  for (const email of emails) {
    tokens.push(await memberIntegrationToken(server.app, server.database.db, server.origin, email));
  }
  return tokens as { -readonly [K in keyof Emails]: string };
}

/** A test server over its own database, listening on a local port (the identity client needs one). */
export interface ListeningTestServer {
  readonly database: TestDatabase;
  readonly app: FastifyInstance;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
}

/**
 * Registers the test file's `beforeAll` (a fresh database, the app built on it with `config`, listening)
 * and `afterAll` (closes the app, drops the database). Returns the server, whose fields are set once
 * `beforeAll` has run: read them inside hooks and tests, not at module level.
 */
export function registerListeningTestServer(config?: ServerConfig): ListeningTestServer {
  const server = {} as { database: TestDatabase; app: FastifyInstance; origin: string };
  beforeAll(async () => {
    server.database = await createTestDatabase();
    server.app = await buildTestServer(server.database.db, config);
    server.origin = await listen(server.app);
  });
  afterAll(async () => {
    await server.app.close();
    await server.database.drop();
  });
  return server;
}

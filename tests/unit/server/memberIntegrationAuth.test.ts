import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMemberClient } from '../../../src/api/calls/memberIntegrationWearer';
import { createMemberIntegrationClient } from '../../../src/api/client/apiClients';
import { listen } from './identity/identityKit';
import { signedUpIdToken } from './signedUpMember';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;
let idToken: string;
let memberToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await listen(app);
  idToken = await signedUpIdToken(app, database.db, origin, 'member@example.com');
  const login = await app.inject({
    method: 'POST',
    url: '/authapi/member/login-member-c2/en',
    headers: { authorization: `Bearer ${idToken}` },
    payload: {},
  });
  memberToken = login.json<{ MemberIntegrationToken: string }>().MemberIntegrationToken;
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the member-integration API accepts the MemberIntegrationToken (spec §7)', () => {
  it('answers load-member-client for the member, through the typed client', async () => {
    const api = createMemberIntegrationClient(origin, () => memberToken);
    const client = await api.call(loadMemberClient, {});
    expect(client).toMatchObject({ ClientID: 1, ClientName: 'Lifeline' });
  });

  it.each([
    ['no token', undefined, 'Member not logged in'],
    ['the ID token', () => `Bearer ${idToken}`, 'JWT Invalid'],
    ['a tampered token', () => `Bearer ${memberToken.slice(0, -2)}xx`, 'JWT Invalid'],
    ['not a JWT', () => 'Bearer not-a-jwt', 'JWT Invalid'],
  ])('refuses %s with 401 %s', async (_name, header, message) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/member-integration/load-member-client',
      headers: header ? { authorization: header() } : {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ErrorCode: 'AUTH', Error: message });
  });
});

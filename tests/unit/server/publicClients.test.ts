import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberIntegrationClient,
  memberIntegrationClients,
} from '../../../src/api/calls/memberIntegrationPublic';
import { createMemberIntegrationPublicClient } from '../../../src/api/client/apiClients';
import { HttpError } from '../../../src/api/client/apiErrors';
import { DEFAULT_UNITS } from '../../../src/api/entities/client';
import { buildTestServer, createTestDatabase, type TestDatabase } from './testServer';

let database: TestDatabase;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestServer(database.db);
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('public client calls, through the typed client against the real server', () => {
  it('member-integration-client/{ClientID} returns the seeded default client', async () => {
    const api = createMemberIntegrationPublicClient(origin);
    const client = await api.call(memberIntegrationClient, { ClientID: 1 });
    expect(client).toMatchObject({
      ClientID: 1,
      ClientName: 'Lifeline',
      Brand: { BrandColorLight: '#FF7900', BrandColorDark: '#FF7900' },
      Units: DEFAULT_UNITS,
    });
    expect(client.Documents.map((d) => d.Type).sort()).toEqual(['Eula', 'PrivacyPolicy']);
  });

  it('an unknown client is a typed 404', async () => {
    const api = createMemberIntegrationPublicClient(origin);
    const failure = await api
      .call(memberIntegrationClient, { ClientID: 999 })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it.each(['abc', '%201', '1%0A', '+1', '01', '0x1', '1e0', '1.0', '0', '-1'])(
    'a malformed id (%s) is a 400 naming the parameter',
    async (id) => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/member-integration-public/member-integration-client/${id}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        ErrorCode: 'REQUEST_INVALID',
        Issues: [{ Path: 'params.ClientID' }],
      });
    },
  );

  it('member-integration-clients lists the clients', async () => {
    const api = createMemberIntegrationPublicClient(origin);
    const { Clients } = await api.call(memberIntegrationClients, {});
    expect(Clients).toEqual([
      { ClientID: 1, ClientName: 'Lifeline', MemberSignUpEnabled: true, CountryCode: 'NO' },
    ]);
  });
});

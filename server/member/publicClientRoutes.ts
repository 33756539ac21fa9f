import type { FastifyPluginCallback } from 'fastify';
import {
  memberIntegrationClient,
  memberIntegrationClients,
} from '../../src/api/calls/memberIntegrationPublic';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { findClient, listClients } from './clientRepository';

/**
 * Public client calls (spec §7): `GET member-integration-clients` and
 * `GET member-integration-client/{ClientID}` — the brand, units and documents a share viewer or a
 * signing-up member sees. An unknown client is a 404 NOT_FOUND.
 */
export const publicClientRoutes: FastifyPluginCallback<{ db: Db }> = (app, { db }, done) => {
  contractRoute(app, memberIntegrationClients, async () => ({ Clients: await listClients(db) }));
  contractRoute(app, memberIntegrationClient, async (input, _request, reply) => {
    const client = await findClient(db, input.ClientID);
    return client ?? sendApiError(reply, 404, 'NOT_FOUND', 'No such client');
  });
  done();
};

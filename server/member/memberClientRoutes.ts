import type { FastifyPluginCallback } from 'fastify';
import { loadMemberClient } from '../../src/api/calls/memberIntegrationWearer';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { findClient } from './clientRepository';
import { memberOf, requireMemberToken } from './memberAuth';

/** `GET load-member-client` (spec §7): the client organisation of the calling member. */
export const memberClientRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
}> = (app, { db, memberTokens }, done) => {
  contractRoute(
    app,
    loadMemberClient,
    async (_input, request, reply) => {
      const client = await findClient(db, memberOf(request).clientId);
      return client ?? sendApiError(reply, 404, 'NOT_FOUND', 'No such client');
    },
    { preHandler: requireMemberToken(memberTokens) },
  );
  done();
};

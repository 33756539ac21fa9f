import type { FastifyPluginCallback } from 'fastify';
import { getSubscriptions } from '../../src/api/calls/memberIntegrationSubscriptions';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { memberOf, requireMemberToken } from './memberAuth';
import { listSubscriptions } from './subscriptionRepository';

/**
 * The member's subscriptions (spec app §7 "GET subscriptions"): `{ Subscriptions }`, the calling
 * member's rows only (the free trial an activation started, server/devices/trialSubscription.ts, and
 * any later ones), each with its state at the request's time. 401 without a valid member token.
 * Purchases and subscription-products are not served (docs/decisions.md "Subscriptions served").
 */
export const subscriptionRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
  /** The clock states are judged by, epoch ms; `Date.now` by default. */
  now?: () => number;
}> = (app, { db, memberTokens, now = Date.now }, done) => {
  contractRoute(
    app,
    getSubscriptions,
    async (_input, request) => ({
      Subscriptions: await listSubscriptions(db, memberOf(request).memberId, now()),
    }),
    { preHandler: requireMemberToken(memberTokens) },
  );
  done();
};

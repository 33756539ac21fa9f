import type { FastifyPluginCallback } from 'fastify';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';

/** The wearer record (spec §7 load-member-wearer, member-wearer-update, communication options, activity-types). (stub, being built) */
export const wearerRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  _app,
  _options,
  done,
) => {
  done();
};

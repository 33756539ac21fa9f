import type { FastifyPluginCallback } from 'fastify';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';

/** The member's activities (spec §7 member-wearer-activity* calls) (stub, being built). */
export const activityRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  _app,
  _options,
  done,
) => {
  done();
};

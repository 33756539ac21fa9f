import type { FastifyPluginCallback } from 'fastify';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';

/** Development-only GET /api/dev/demo. (stub, being built) */
export const devDemoRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  _app,
  _options,
  done,
) => {
  done();
};

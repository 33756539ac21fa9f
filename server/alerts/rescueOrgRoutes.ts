import type { FastifyPluginCallback } from 'fastify';
import type { Db } from '../db/database';

/** Public `POST rescue-orgs` (app §7): partner rescue organisations and their coverage regions. */
export const rescueOrgRoutes: FastifyPluginCallback<{ db: Db }> = (_app, _options, done) => {
  done();
};

import type { FastifyPluginCallback } from 'fastify';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';

/** The member's equipment (spec §7 equipment, equipments, equipment-delete). (stub, being built) */
export const equipmentRoutes: FastifyPluginCallback<{
  db: Db;
  memberTokens: MemberTokenService;
}> = (_app, _options, done) => {
  done();
};

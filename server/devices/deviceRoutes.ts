import type { FastifyPluginCallback } from 'fastify';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { Db } from '../db/database';

/** The member's devices (spec §7 activate-device, remove-device, save-device, devices). (stub, being built) */
export const deviceRoutes: FastifyPluginCallback<{ db: Db; memberTokens: MemberTokenService }> = (
  _app,
  _options,
  done,
) => {
  done();
};

import type { FastifyPluginCallback } from 'fastify';
import type { MemberTokenService } from '../authHost/memberTokens';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';

/** The realtime socket.io server and verify-socket-user (stub, being built). */
export const realtimePlugin: FastifyPluginCallback<{
  config: ServerConfig;
  db: Db;
  memberTokens: MemberTokenService;
  buildTimestamp: number | null;
}> = (_app, _options, done) => {
  done();
};

import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * The public base URL of this server (the C2Url of its shares): PUBLIC_URL (required in production),
 * else the origin the caller's browser used (`{protocol}://{host}`, honouring `trustProxy`), as
 * /config.json answers it (server/routes/runtimeConfig.ts). No trailing slash.
 */
export function publicOriginOf(config: ServerConfig, request: FastifyRequest): string {
  return config.publicUrl ?? `${request.protocol}://${request.host}`;
}

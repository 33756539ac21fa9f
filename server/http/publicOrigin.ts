import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/** The longest Host a request may name, characters (a DNS name is at most 253, plus a port). */
const MAX_HOST_LENGTH = 260;

/** A request whose Host cannot be a public origin: answered 400 REQUEST_INVALID (errorHandler.ts). */
export class InvalidHostError extends Error {
  readonly statusCode = 400;
  constructor() {
    super('Invalid Host header');
    this.name = 'InvalidHostError';
  }
}

/**
 * The public base URL of this server (the C2Url of its shares): PUBLIC_URL (required in production),
 * else the origin the caller's browser used (`{protocol}://{host}`, honouring `trustProxy`), as the
 * URL parser writes it (lower case, no default port), as /config.json answers it
 * (server/routes/runtimeConfig.ts). No trailing slash. Throws {@link InvalidHostError} for a Host that
 * is no host (`a b`, over {@link MAX_HOST_LENGTH} characters): it would end in share links and short
 * links that no browser can open.
 */
export function publicOriginOf(config: ServerConfig, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.host;
  if (host.length === 0 || host.length > MAX_HOST_LENGTH) throw new InvalidHostError();
  let origin: string;
  try {
    origin = new URL(`${request.protocol}://${host}`).origin;
  } catch {
    throw new InvalidHostError();
  }
  if (origin === 'null') throw new InvalidHostError();
  return origin;
}

import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';

/**
 * Registers @fastify/cookie on `app` unless it (or an ancestor) already has it: the realtime plugin
 * (verify-socket-user) and the shared-viewing routes both read cookies (the share TOTP pass,
 * server/shares/sharePass.ts), and either may be registered without the other. Await it in an async
 * plugin; a callback plugin need not (the registration is queued before its routes run).
 */
export function ensureCookies(app: FastifyInstance): PromiseLike<unknown> {
  return app.hasRequestDecorator('cookies') ? Promise.resolve() : app.register(fastifyCookie);
}

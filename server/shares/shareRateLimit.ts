import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/** A request budget: at most `max` requests per `windowMs` milliseconds per client IP. */
export interface ShareRateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * The default budget of the calls that take a share token (shared viewing, verify-socket-user with a
 * ShareToken): 120 requests per minute per IP. A viewer's page makes a few calls a minute (journey
 * refresh every 60 s, detail loads, messages) and several guardians may share one NAT; a guesser gets
 * 2 tries a second, against share ids of 128 random bits behind an HMAC signature. Wrong one-time
 * codes are limited per share as well (server/shares/totpFailures.ts).
 */
export const SHARE_VIEWER_RATE_LIMIT: ShareRateLimit = { max: 120, windowMs: 60_000 };

/**
 * Registers @fastify/rate-limit for every route of the encapsulated `scope` (register the public
 * share routes inside it): counted per client IP (`request.ip`, which honours `trustProxy`) at the
 * `onRequest` stage, before the body is read or a token checked; over budget the answer is 429
 * `{ ErrorCode: 'RATE_LIMITED', Error: 'Too many requests; try again in N s' }` with `retry-after`
 * (server/http/errorHandler.ts). Counters live in this process's memory: with N server processes an IP
 * gets up to N budgets.
 */
export async function registerShareRateLimit(
  scope: FastifyInstance,
  limit: ShareRateLimit = SHARE_VIEWER_RATE_LIMIT,
): Promise<void> {
  await scope.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => request.ip,
    // Thrown to the error handler, which answers { ErrorCode: 'RATE_LIMITED', Error }.
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(`Too many requests; try again in ${Math.ceil(context.ttl / 1000)} s`),
        { statusCode: 429 },
      ),
  });
}

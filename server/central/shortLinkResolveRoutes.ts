import type { FastifyPluginAsync } from 'fastify';
import { getShortUrl } from '../../src/api/calls/central';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { registerShareRateLimit, type ShareRateLimit } from '../shares/shareRateLimit';
import { resolveShortCode } from './shortUrlService';

/**
 * The default budget of short-code resolution, per client IP: 60 per minute. Opening a short link
 * resolves it once; a guesser gets one try a second against codes of ≥ 47 random bits.
 */
export const SHORT_LINK_RESOLVE_RATE_LIMIT: ShareRateLimit = { max: 60, windowMs: 60_000 };

/** Options of {@link shortLinkResolveRoutes}. */
export interface ShortLinkResolveRoutesOptions {
  readonly db: Db;
  /** The per-IP budget of both routes together; default {@link SHORT_LINK_RESOLVE_RATE_LIMIT}. */
  readonly rateLimit?: ShareRateLimit;
}

/** Where an unknown or malformed code goes (app §2, §9 "An unknown short code goes to share-not-found"). */
function shareNotFoundPath(code: string): string {
  return `/share-not-found/${encodeURIComponent(code)}`;
}

/**
 * The public routes that turn a short code into its URL, in one encapsulated scope with a per-IP limit
 * (server/shares/shareRateLimit.ts; over budget 429 RATE_LIMITED) against code enumeration:
 * - `GET /central/urls/{ShortCode}` (app §7 central; contract get-short-url) → `{ FullUrl }`, an
 *   unknown code 404 NOT_FOUND;
 * - `GET /go/{code}` (app §2) → 302 to the FullUrl; an unknown or malformed code (anything below /go/
 *   that is not one code) → 302 to `/share-not-found/{code}` (URL-encoded). The answer carries
 *   `Referrer-Policy: no-referrer` and `Cache-Control: no-store` (a revoked target must not be
 *   remembered); the path is redacted in logs (server/http/redact.ts).
 * Register it before the SPA's fallback (server/web/spa.ts), which would otherwise answer /go/ paths.
 */
export const shortLinkResolveRoutes: FastifyPluginAsync<ShortLinkResolveRoutesOptions> = async (
  app,
  options,
) => {
  const { db } = options;
  await registerShareRateLimit(app, options.rateLimit ?? SHORT_LINK_RESOLVE_RATE_LIMIT);

  contractRoute(app, getShortUrl, async (input, _request, reply) => {
    const fullUrl = await resolveShortCode(db, input.ShortCode);
    return fullUrl === null
      ? sendApiError(reply, 404, 'NOT_FOUND', 'No such short code')
      : { FullUrl: fullUrl };
  });

  app.get('/go/*', async (request, reply) => {
    const code = (request.params as { '*': string })['*'];
    const fullUrl = await resolveShortCode(db, code);
    return reply
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .redirect(fullUrl ?? shareNotFoundPath(code), 302);
  });
};

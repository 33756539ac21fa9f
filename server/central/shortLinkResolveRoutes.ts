import type { FastifyPluginAsync } from 'fastify';
import { getShortUrl } from '../../src/api/calls/central';
import type { Db } from '../db/database';
import { contractRoute } from '../http/contractRoute';
import { sendApiError } from '../http/errorHandler';
import { registerShareRateLimit, type ShareRateLimit } from '../shares/shareRateLimit';
import { resolveShortCode } from './shortUrlService';
import type { ServerConfig } from '../config';
import { publicOriginOf } from '../http/publicOrigin';

/**
 * The default budget of short-code resolution, per client IP: 60 per minute. Opening a short link
 * resolves it once; a guesser gets one try a second against codes of ≥ 47 random bits.
 */
export const SHORT_LINK_RESOLVE_RATE_LIMIT: ShareRateLimit = { max: 60, windowMs: 60_000 };

/** Options of {@link shortLinkResolveRoutes}. */
export interface ShortLinkResolveRoutesOptions {
  readonly db: Db;
  /** Its `publicUrl` (or the request's Host) is the only origin /go/ redirects to. */
  readonly config: ServerConfig;
  /** The per-IP budget of both routes together; default {@link SHORT_LINK_RESOLVE_RATE_LIMIT}. */
  readonly rateLimit?: ShareRateLimit;
}

/**
 * `fullUrl` as a redirect target when it is a URL of `origin` (this server as the visitor reached
 * it), written as the URL parser writes it; else null. Short links are only made to this server's
 * URLs (shortUrlService.ts `checkFullUrl`), but without PUBLIC_URL "this server" was the Host its
 * maker sent, which a script can set to any site: the redirect would then send our visitors there.
 * The re-parse also encodes what a Location header cannot carry in links stored before it was done
 * at creation.
 */
function redirectable(fullUrl: string | null, origin: string): string | null {
  if (fullUrl === null) return null;
  try {
    const url = new URL(fullUrl);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
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
 * - `GET /go/{code}` (app §2) → 302 to the FullUrl when it is a URL of this server as reached
 *   ({@link redirectable}); an unknown or malformed code (anything below /go/ that is not one code),
 *   or a stored URL of another origin → 302 to `/share-not-found/{code}` (URL-encoded). The answer carries
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
      .redirect(
        redirectable(fullUrl, publicOriginOf(options.config, request)) ?? shareNotFoundPath(code),
        302,
      );
  });
};

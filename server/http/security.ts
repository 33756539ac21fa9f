import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'device'`: the route answers devices (tracker apps, watches), never a browser document, and
     * sends the lean set of {@link registerSecurityHeaders} instead of the SPA's.
     */
    securityHeaders?: 'device';
  }
}

/**
 * Route options of a device route (tracker apps, watches, the simulator): the API's security headers
 * instead of the SPA's ({@link registerSecurityHeaders}). Spread into the route's options.
 */
export const DEVICE_ROUTE = { config: { securityHeaders: 'device' } } as const;

/** How long browsers keep to HTTPS in production (Strict-Transport-Security max-age), s: a year. */
const HSTS_MAX_AGE_S = 31_536_000;
const HSTS = `max-age=${String(HSTS_MAX_AGE_S)}; includeSubDomains`;

/** The device routes' policy: their answers (JSON or empty) may load nothing and frame nothing. */
const DEVICE_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers for every answer (helmet): a strict Content-Security-Policy for the SPA — scripts,
 * styles, fonts and connections from this origin only (plus the configured identity endpoint and map
 * style host, and data: for the map's inline icons), images also from data:/blob:, workers from blob: for MapLibre, no framing, no plugins —
 * `Referrer-Policy: no-referrer` (share links carry tokens), and HSTS in production.
 *
 * The `helmet` middleware is built once and run in an `onRequest` hook for every route. The Fastify
 * plugin (@fastify/helmet) built it anew for each request — parsing and checking every CSP
 * directive again — which cost about 2 % of the server's main thread under device ingest
 * (docs/decisions.md "Ingest throughput"); the headers are the same.
 *
 * Routes with {@link DEVICE_ROUTE}'s options (the `/ingest/*` routes: OsmAnd phones,
 * watches, the simulator) get the set OWASP's REST cheat sheet gives an API instead: `X-Content-
 * Type-Options: nosniff`, `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`
 * and HSTS in production. The other nine headers only matter to a document in a browser, and on a
 * one-point OsmAnd answer they were most of the bytes and about 7 % of the machine's CPU per
 * request (docs/decisions.md "Ingest throughput").
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: ServerConfig,
  extraConnectSources: readonly string[] = [],
): void {
  const production = config.mode === 'production';
  const mapOrigin = config.mapStyleUrl ? new URL(config.mapStyleUrl).origin : null;
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(mapOrigin ? [mapOrigin] : [])],
        fontSrc: ["'self'"],
        // data: — deck.gl fetches its inline icons (the map's heading arrow) from data: URLs.
        connectSrc: ["'self'", 'data:', ...extraConnectSources, ...(mapOrigin ? [mapOrigin] : [])],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: production
      ? { maxAge: HSTS_MAX_AGE_S, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
  });
  const deviceHeaders: Record<string, string> = {
    'content-security-policy': DEVICE_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    ...(production ? { 'strict-transport-security': HSTS } : {}),
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders === 'device') {
      reply.headers(deviceHeaders);
      done();
      return;
    }
    securityHeaders(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}

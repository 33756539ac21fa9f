import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

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
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error) => {
      done(error instanceof Error ? error : undefined);
    });
  });
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * Security headers for every answer (helmet): a strict Content-Security-Policy for the SPA — scripts,
 * styles, fonts and connections from this origin only (plus the configured identity endpoint and map
 * style host, and data: for the map's inline icons), images also from data:/blob:, workers from blob: for MapLibre, no framing, no plugins —
 * `Referrer-Policy: no-referrer` (share links carry tokens), and HSTS in production.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: ServerConfig,
  extraConnectSources: readonly string[] = [],
): Promise<void> {
  const production = config.mode === 'production';
  const mapOrigin = config.mapStyleUrl ? new URL(config.mapStyleUrl).origin : null;
  await app.register(helmet, {
    global: true,
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
}

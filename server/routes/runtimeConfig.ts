import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { RuntimeConfig, type IdentityConfig } from '../../src/api/runtimeConfig';
import type { ServerConfig } from '../config';
import { publicOriginOf } from '../http/publicOrigin';

export interface RuntimeConfigOptions {
  readonly config: ServerConfig;
  /** The identity pool, or null until an identity service is configured (identity issue). */
  readonly identity: IdentityConfig | null;
  /** Epoch ms of the served SPA build, or null. */
  readonly buildTimestamp: number | null;
}

/**
 * `GET /config.json`: the SPA's runtime configuration (src/api/runtimeConfig.ts). Bases are absolute
 * URLs of this server's public origin (PUBLIC_URL, or the request's own origin in the embedded default),
 * including the local identity endpoint; a real Cognito pool has no endpoint.
 */
export const runtimeConfigRoutes: FastifyPluginCallbackZod<RuntimeConfigOptions> = (
  app,
  options,
  done,
) => {
  const { config } = options;
  app.get(
    '/config.json',
    { schema: { response: { 200: RuntimeConfig } } },
    async (request, reply) => {
      const origin = publicOriginOf(config, request);
      void reply.header('cache-control', 'no-cache');
      return {
        // The local service is reached on the origin the browser used (no CORS, CSP 'self').
        identity:
          options.identity?.endpoint != null
            ? { ...options.identity, endpoint: `${origin}/identity` }
            : options.identity,
        authApiBase: `${origin}/authapi`,
        centralHost: config.centralHost ?? `${origin}/central`,
        mapStyle: config.mapStyleUrl ?? null,
        buildTimestamp: options.buildTimestamp,
        environment: config.environment,
        links: config.links,
      };
    },
  );
  done();
};

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BuildInfo } from '../src/api/runtimeConfig';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import { installErrorHandling } from './http/errorHandler';
import { redactUrl } from './http/redact';
import { registerSecurityHeaders } from './http/security';
import { publicClientRoutes } from './member/publicClientRoutes';
import { documentRoutes } from './routes/documents';
import { healthRoutes } from './routes/health';
import { runtimeConfigRoutes } from './routes/runtimeConfig';
import { registerSpa } from './web/spa';

/** What the server needs from outside: an open, migrated database. */
export interface ServerDeps {
  readonly db: Db;
}

async function readBuildTimestamp(webDir: string): Promise<number | null> {
  try {
    const raw: unknown = JSON.parse(await readFile(path.join(webDir, 'build.json'), 'utf8'));
    return BuildInfo.parse(raw).BuildTimestamp;
  } catch {
    return null;
  }
}

/**
 * Builds the Lifeline server (fastify/demo's shape): Fastify 5 with zod schemas from src/api on every
 * route, structured pino logs with secrets redacted, security headers, then the routes and the SPA.
 * Used by `npm start` (server/main.ts) and by tests through `app.inject` with no open port.
 * The caller owns `deps.db` (it is not closed with the app).
 */
export async function buildServer(
  config: ServerConfig,
  deps: ServerDeps,
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.mode === 'production',
    return503OnClosing: true,
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req: { method: string; url: string; id: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
      },
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  await registerSecurityHeaders(app, config);

  await app.register(healthRoutes, { db: deps.db });
  await app.register(runtimeConfigRoutes, {
    config,
    identity: null,
    buildTimestamp: await readBuildTimestamp(config.webDir),
  });
  await app.register(documentRoutes, { db: deps.db });
  await app.register(publicClientRoutes, { db: deps.db });
  await registerSpa(app, config.webDir);
  return app;
}

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { HealthStatus } from '../../src/api/runtimeConfig';
import { checkDb, type Db } from '../db/database';

/** `GET /healthz` → 200 `{"status":"ok","db":"ok"}`, or 503 naming the failing part. */
export const healthRoutes: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  app.get(
    '/healthz',
    { schema: { response: { 200: HealthStatus, 503: HealthStatus } } },
    async (request, reply) => {
      try {
        await checkDb(db);
        return { status: 'ok', db: 'ok' } as const;
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database unreachable');
        return reply.code(503).send({ status: 'unavailable', db: 'unreachable' });
      }
    },
  );
  done();
};

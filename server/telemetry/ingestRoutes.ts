import type { FastifyPluginCallback } from 'fastify';
import type { Db } from '../db/database';

/** Device ingest: /ingest/osmand and the JSON batch endpoint (stub, being built). */
export const ingestRoutes: FastifyPluginCallback<{ db: Db }> = (_app, _options, done) => {
  done();
};

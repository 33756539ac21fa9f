import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Db } from '../db/database';
import { sendApiError } from '../http/errorHandler';

const Params = z.object({
  clientId: z.coerce
    .number<number>()
    .int()
    .positive()
    .max(2 ** 53),
  filename: z.string().regex(/^[\w.-]{1,128}$/),
});

/**
 * `GET /docs/{clientId}/{filename}?v={lastUpdate}`: a client's legal documents (spec §7, §3 Documents).
 * The `v` value only busts caches; the answer is cacheable for a day.
 */
export const documentRoutes: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  app.get(
    '/docs/:clientId/:filename',
    { schema: { params: Params, querystring: z.object({ v: z.string().max(20).optional() }) } },
    async (request, reply) => {
      const doc = await db
        .selectFrom('client_documents')
        .select(['content', 'content_type'])
        .where('client_id', '=', request.params.clientId)
        .where('filename', '=', request.params.filename)
        .executeTakeFirst();
      if (!doc) return sendApiError(reply, 404, 'NOT_FOUND', 'No such document');
      return reply
        .type(doc.content_type)
        .header('cache-control', 'public, max-age=86400')
        .send(doc.content);
    },
  );
  done();
};

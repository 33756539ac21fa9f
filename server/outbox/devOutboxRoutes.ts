import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DevOutbox, DevOutboxQuery } from '../../src/api/dev';
import type { Outbox } from './outbox';

/**
 * `GET /api/dev/outbox?to=<address or phone>` → `{ Messages: [...] }`, newest first: the e-mail and SMS
 * the system sent, with their codes. Registered only in the embedded mode, never in production.
 */
export const devOutboxRoutes: FastifyPluginCallbackZod<{ outbox: Outbox }> = (
  app,
  { outbox },
  done,
) => {
  app.get(
    '/api/dev/outbox',
    { schema: { querystring: DevOutboxQuery, response: { 200: DevOutbox } } },
    async (request) => ({ Messages: await outbox.list(request.query.to, request.query.limit) }),
  );
  done();
};

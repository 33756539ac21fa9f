import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context';
import { AMZ_JSON, amzJsonBody, IdentityError, MESSAGES, sendIdentityError } from './errors';
import { registerIpRateLimit, type IpRateLimits } from './ipRateLimit';
import { operationFor } from './operations';

/** Largest request body of the service, bytes: Cognito requests are small; nothing bigger is read. */
export const IDENTITY_BODY_LIMIT_BYTES = 64 * 1024;

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-amzn-RequestId,x-amzn-ErrorType,x-amzn-ErrorMessage,Date',
};

/** Options of {@link identityRoutes}. */
export interface IdentityRoutesOptions {
  /** The operations' context (read from the database once; rejects while it cannot be read). */
  readonly context: () => Promise<IdentityContext>;
  readonly ipRateLimits: IpRateLimits;
}

/** Fastify's own request errors as Cognito-shaped errors; undefined for anything unexpected. */
function fastifyRequestError(error: FastifyError): IdentityError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new IdentityError('InvalidParameterException', 'Request body is too large.', 413);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new IdentityError(
        'InvalidParameterException',
        `Unsupported content type; send ${AMZ_JSON}.`,
        415,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new IdentityError('SerializationException', 'The request body is not valid JSON.');
    default: {
      const status = error.statusCode ?? 500;
      return status >= 400 && status < 500
        ? new IdentityError('InvalidParameterException', error.message)
        : undefined;
    }
  }
}

function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof IdentityError) return sendIdentityError(reply, error);
  const known =
    error instanceof Error && 'code' in error
      ? fastifyRequestError(error as FastifyError)
      : undefined;
  if (known) return sendIdentityError(reply, known);
  request.log.error({ err: error }, 'identity: unexpected error');
  return sendIdentityError(
    reply,
    new IdentityError('InternalErrorException', MESSAGES.internal, 500),
  );
}

/**
 * The identity service's HTTP surface, registered under `/identity` in its own encapsulated scope
 * (identity-protocol.md §1, §7):
 * - `POST /identity`: the Cognito JSON API; `X-Amz-Target: AWSCognitoIdentityProviderService.<Op>`,
 *   bodies `application/x-amz-json-1.1` or `application/json` of at most 64 KiB; answers 200 with JSON
 *   in `application/x-amz-json-1.1`, or a Cognito-shaped error (every error, including a body too
 *   large (413), an unknown target, malformed JSON and an unexpected failure (500,
 *   InternalErrorException, logged));
 * - `OPTIONS /identity`: the CORS preflight (content-type, x-amz-target, x-amz-user-agent,
 *   cache-control); every answer allows any origin and exposes the x-amzn-* headers;
 * - `GET /identity/.well-known/jwks.json` and `GET /identity/{userPoolId}/.well-known/jwks.json`: the
 *   public signing keys.
 */
export async function identityRoutes(
  app: FastifyInstance,
  { context, ipRateLimits }: IdentityRoutesOptions,
): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    ['application/json', AMZ_JSON],
    { parseAs: 'string', bodyLimit: IDENTITY_BODY_LIMIT_BYTES },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.setErrorHandler(handleError);
  // Every path under /identity is answered here, in Cognito's shape: explicit catch-alls (so the
  // SPA's static wildcard never sees /identity) plus the scope's not-found handler.
  const notFound = (_request: FastifyRequest, reply: FastifyReply): FastifyReply =>
    sendIdentityError(reply, new IdentityError('UnknownOperationException', 'Not found.', 404));
  app.setNotFoundHandler(notFound);
  app.route({ method: ['GET', 'PUT', 'DELETE', 'PATCH'], url: '/', handler: notFound });
  app.all('/*', notFound);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers({ ...CORS_HEADERS, 'x-amzn-RequestId': randomUUID() });
  });
  await registerIpRateLimit(app, ipRateLimits);

  app.options('/', async (_request, reply) =>
    reply
      .code(204)
      .headers({
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers':
          'content-type, x-amz-target, x-amz-user-agent, cache-control',
        'access-control-max-age': '600',
      })
      .send(),
  );

  app.post('/', { bodyLimit: IDENTITY_BODY_LIMIT_BYTES }, async (request, reply) => {
    const target = request.headers['x-amz-target'];
    const operation = operationFor(typeof target === 'string' ? target : undefined);
    if (!operation) {
      throw new IdentityError(
        'UnknownOperationException',
        `Unknown operation: ${typeof target === 'string' ? target.slice(0, 100) : '(none)'}`,
      );
    }
    const result = await operation.run(await context(), request.body);
    return reply.type(AMZ_JSON).header('cache-control', 'no-store').send(amzJsonBody(result));
  });

  const sendJwks = async (reply: FastifyReply): Promise<FastifyReply> =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(JSON.stringify((await context()).keys.jwks));
  app.get('/.well-known/jwks.json', async (_request, reply) => sendJwks(reply));
  app.get<{ Params: { userPoolId: string } }>(
    '/:userPoolId/.well-known/jwks.json',
    async (request, reply) => {
      if (request.params.userPoolId !== (await context()).pool.userPoolId) {
        throw new IdentityError(
          'ResourceNotFoundException',
          `User pool ${request.params.userPoolId} does not exist.`,
          404,
        );
      }
      return sendJwks(reply);
    },
  );
}

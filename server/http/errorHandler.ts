import { isDatabaseUnavailable } from '../db/unavailable';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../src/api/errors';

/** Sends Lifeline's error shape `{ ErrorCode, Error, Issues? }` (src/api/errors.ts). */
export function sendApiError(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  issues?: ApiErrorBody['Issues'],
): FastifyReply {
  const body: ApiErrorBody = {
    ErrorCode: code,
    Error: message,
    ...(issues ? { Issues: issues } : {}),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client-error codes mapped to ours; anything else 4xx becomes REQUEST_INVALID. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type; send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'REQUEST_INVALID',
    message: 'Content-Length does not match the body',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'REQUEST_INVALID', message: 'Body must not be empty JSON' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'REQUEST_INVALID', message: 'Body is not valid JSON' },
};

function validationMessage(error: FastifyError): {
  message: string;
  issues: ApiErrorBody['Issues'];
} {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []).map((v) => {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { Path: path ? `${context}.${path}` : context, Message: v.message ?? 'invalid' };
  });
  const first = issues[0];
  return {
    message: first ? `Invalid request: ${first.Path}: ${first.Message}` : 'Invalid request',
    issues,
  };
}

/**
 * Installs the error and not-found handlers: schema failures → 400 REQUEST_INVALID with each issue,
 * malformed JSON → 400, oversized bodies → 413, wrong content type → 415, rate limits → 429, anything
 * unexpected → 500 UNKNOWN (logged with its stack; the client sees no internals), except a database
 * that is unavailable or overloaded (server/db/unavailable.ts) → 503 UNKNOWN with `Retry-After: 1`,
 * logged as a warning, so clients retry. A route's handler runs
 * only after its schema passed, so a rejected request has written nothing.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const { message, issues } = validationMessage(error);
      return sendApiError(reply, 400, 'REQUEST_INVALID', message, issues);
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match schema',
      );
      return sendApiError(reply, 500, 'UNKNOWN', 'Internal server error');
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (known) return sendApiError(reply, status, known.code, known.message);
    if (status === 429) return sendApiError(reply, 429, 'RATE_LIMITED', error.message);
    if (status === 401 || status === 403) return sendApiError(reply, status, 'AUTH', error.message);
    if (status === 404) return sendApiError(reply, 404, 'NOT_FOUND', error.message);
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, error.message);
      return sendApiError(reply, status, 'REQUEST_INVALID', error.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable or overloaded: 503');
      void reply.header('retry-after', '1');
      return sendApiError(reply, 503, 'UNKNOWN', 'Service unavailable, try again shortly');
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendApiError(reply, 500, 'UNKNOWN', 'Internal server error');
  });
}

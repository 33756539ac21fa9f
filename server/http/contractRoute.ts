import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { pathParams, type CallDef } from '../../src/api/call';
import { sendApiError } from './errorHandler';

/** Where each API of the contract is mounted on this server (spec §7; README "API bases"). */
export const API_MOUNTS: Record<CallDef['api'], string> = {
  'member-integration': '/api/member-integration',
  'member-integration-public': '/api/member-integration-public',
  auth: '/authapi',
  central: '/central',
};

/** The Fastify URL of a call: its API's mount plus its path with `{Field}` as `:Field`. */
export function routeUrl(def: CallDef): string {
  return API_MOUNTS[def.api] + def.path.replace(/\{(\w+)\}/g, ':$1');
}

export type ContractHandler<C extends CallDef> = (
  input: z.output<C['request']>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<C['response']> | FastifyReply>;

function sourceOf(def: CallDef, field: string): 'params' | 'query' | 'body' {
  if (pathParams(def.path).includes(field)) return 'params';
  return def.method === 'GET' ? 'query' : 'body';
}

/**
 * Registers one call of the contract as a route. The request is the merge of the path parameters and
 * the query (GET) or the JSON object body (POST), validated with the call's request schema — the same
 * schema the client validates with — before the handler runs, so a rejected request writes nothing:
 * 400 `REQUEST_INVALID` with each issue's `Path` (`body.Field`, `params.Field`, `query.Field`).
 * The handler's answer is serialised through the call's response schema.
 */
export function contractRoute<C extends CallDef>(
  app: FastifyInstance,
  def: C,
  handler: ContractHandler<C>,
  options: {
    readonly config?: Record<string, unknown>;
    /** Runs before validation, e.g. authentication (which answers 401 before input is looked at). */
    readonly preHandler?: preHandlerAsyncHookHandler;
  } = {},
): void {
  app.route({
    method: def.method,
    url: routeUrl(def),
    schema: { response: { 200: def.response } },
    ...(options.config ? { config: options.config } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: async (request, reply) => {
      const body: unknown = request.body;
      if (
        def.method === 'POST' &&
        (typeof body !== 'object' || body === null || Array.isArray(body))
      ) {
        return sendApiError(
          reply,
          400,
          'REQUEST_INVALID',
          'Invalid request: body must be a JSON object',
        );
      }
      const raw = {
        ...(def.method === 'GET' ? (request.query as Record<string, unknown>) : (body as object)),
        ...(request.params as Record<string, unknown>),
      };
      const parsed = def.request.safeParse(raw);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => {
          const field = String(issue.path[0] ?? '');
          const path = [sourceOf(def, field), ...issue.path.map(String)].filter(Boolean).join('.');
          return { Path: path, Message: issue.message };
        });
        const first = issues[0];
        return sendApiError(
          reply,
          400,
          'REQUEST_INVALID',
          first ? `Invalid request: ${first.Path}: ${first.Message}` : 'Invalid request',
          issues,
        );
      }
      return handler(parsed.data as z.output<C['request']>, request, reply);
    },
  });
}

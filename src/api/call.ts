import type * as z from 'zod/mini';

/**
 * The APIs Lifeline talks to (spec application-behaviour §7). Each has its own base URL:
 * - `member-integration`: `{DomainUrl}/api/member-integration`, bearer MemberIntegrationToken.
 * - `member-integration-public`: `{DomainUrl}/api/member-integration-public`, no token.
 * - `auth`: the authentication and member host (`authApiBase` of /config.json), bearer identity ID token.
 * - `central`: the central service (`centralHost` of /config.json).
 */
export type ApiName = 'member-integration' | 'member-integration-public' | 'auth' | 'central';

export type HttpMethod = 'GET' | 'POST';

/**
 * One call of the contract: where it goes and the zod schemas of its request and response.
 * `path` is relative to the API's base and may hold `{Field}` placeholders, filled from the request
 * field of that name (URL-encoded). For GET the remaining request fields become the query string;
 * for POST they are the JSON body. A call whose `responseBody` is `'binary'` answers a successful
 * request with bytes, not JSON: `response` then parses the body as an ArrayBuffer (errors stay JSON).
 */
export interface CallDef<
  Req extends z.ZodMiniType = z.ZodMiniType,
  Res extends z.ZodMiniType = z.ZodMiniType,
> {
  readonly name: string;
  readonly api: ApiName;
  readonly method: HttpMethod;
  readonly path: string;
  readonly request: Req;
  readonly response: Res;
  readonly responseBody?: 'json' | 'binary';
}

/** Declares a call of the contract; see {@link CallDef}. */
export function defineCall<Req extends z.ZodMiniType, Res extends z.ZodMiniType>(
  def: CallDef<Req, Res>,
): CallDef<Req, Res> {
  return def;
}

export type CallRequest<C> = C extends CallDef<infer Req> ? z.input<Req> : never;
export type CallResponse<C> = C extends CallDef<z.ZodMiniType, infer Res> ? z.output<Res> : never;

/** Placeholder names of a path template, e.g. `'/a/{Id}/{Second}'` → `['Id', 'Second']`. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
}

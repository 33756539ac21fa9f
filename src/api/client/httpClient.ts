import {
  pathParams,
  type ApiName,
  type CallDef,
  type CallRequest,
  type CallResponse,
} from '../call';
import { ApiErrorBody } from '../errors';
import { CallFailedError, HttpError, NetworkError, ResponseInvalidError } from './apiErrors';

/** Supplies the bearer token for a call, or null when the call goes without one. */
export type TokenProvider = () => string | null | Promise<string | null>;

export interface ApiClientOptions {
  /** The API's base URL, e.g. `https://eu.example.com/api/member-integration` (no trailing slash needed). */
  readonly baseUrl: string;
  /** Which API this client talks to; a call of another API is refused. */
  readonly api: ApiName;
  readonly getToken?: TokenProvider;
  /** Injected for tests; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** A typed client for one API: `call(def, request)` resolves with the validated response. */
export interface ApiClient {
  readonly api: ApiName;
  call<C extends CallDef>(
    def: C,
    request: CallRequest<C>,
    signal?: AbortSignal,
  ): Promise<CallResponse<C>>;
}

/**
 * Builds the URL and init of one call: path placeholders are filled from the request, the other
 * fields go to the query (GET) or the JSON body (POST).
 */
export function buildRequest(
  baseUrl: string,
  def: CallDef,
  request: Record<string, unknown>,
): { url: string; init: RequestInit } {
  const placeholders = new Set(pathParams(def.path));
  const path = def.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(scalarText(request[name])),
  );
  const rest = Object.fromEntries(
    Object.entries(request).filter(([key]) => !placeholders.has(key)),
  );
  let url = baseUrl.replace(/\/+$/, '') + path;
  if (def.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(rest)) {
      if (value !== undefined && value !== null) query.set(key, scalarText(value));
    }
    const qs = query.toString();
    if (qs) url += `?${qs}`;
    return { url, init: { method: 'GET' } };
  }
  return {
    url,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(rest),
    },
  };
}

/** Text of a path or query value; objects are sent as JSON. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/**
 * The failure a 2xx body reports in its own fields, if any: a non-empty top-level `ErrorCode` (with
 * `Error` as its message) or an `Error: { ErrorCode, Message }` object (spec §7 activate-device).
 */
function reportedFailure(body: unknown): { code: string; message: string } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as { ErrorCode?: unknown; Error?: unknown };
  const nested =
    typeof record.Error === 'object' && record.Error !== null
      ? (record.Error as { ErrorCode?: unknown; Message?: unknown })
      : null;
  const code = typeof record.ErrorCode === 'string' ? record.ErrorCode : nested?.ErrorCode;
  if (typeof code !== 'string' || code === '') return null;
  const message =
    typeof record.Error === 'string'
      ? record.Error
      : typeof nested?.Message === 'string'
        ? nested.Message
        : '';
  return { code, message };
}

/**
 * Creates a typed client for one API. Every request is validated against the call's request schema
 * before it is sent (a bad request never leaves the browser) and every response against its response
 * schema. Rejects with {@link NetworkError}, {@link HttpError}, {@link ResponseInvalidError} or
 * {@link CallFailedError}; a request that fails its schema rejects with the zod error.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return {
    api: options.api,
    async call(def, request, signal) {
      if (def.api !== options.api) {
        throw new Error(`${def.name} belongs to the ${def.api} API, not ${options.api}`);
      }
      const parsedRequest = def.request.parse(request) as Record<string, unknown>;
      const { url, init } = buildRequest(options.baseUrl, def, parsedRequest);
      const token = options.getToken ? await options.getToken() : null;
      const headers = new Headers(init.headers);
      headers.set(
        'accept',
        def.responseBody === 'binary'
          ? 'application/octet-stream, application/json'
          : 'application/json',
      );
      if (token) headers.set('authorization', `Bearer ${token}`);
      let response: Response;
      try {
        response = await doFetch(url, { ...init, headers, signal: signal ?? null });
      } catch (cause) {
        throw new NetworkError(def.name, cause);
      }
      if (def.responseBody === 'binary' && response.ok) {
        let bytes: ArrayBuffer;
        try {
          bytes = await response.arrayBuffer();
        } catch (cause) {
          throw new NetworkError(def.name, cause);
        }
        const parsed = def.response.safeParse(bytes);
        if (!parsed.success) throw new ResponseInvalidError(def.name, parsed.error.issues);
        return parsed.data as never;
      }
      const text = await response.text().catch(() => '');
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: the status and the contract check below report it
      }
      if (!response.ok) {
        const parsed = ApiErrorBody.safeParse(body);
        throw parsed.success
          ? new HttpError(
              def.name,
              response.status,
              parsed.data.ErrorCode,
              parsed.data.Error,
              parsed.data.Issues,
            )
          : new HttpError(
              def.name,
              response.status,
              'UNKNOWN',
              response.statusText || text.slice(0, 200),
            );
      }
      const failure = reportedFailure(body);
      if (failure) throw new CallFailedError(def.name, failure.code, failure.message);
      const parsed = def.response.safeParse(body);
      if (!parsed.success) throw new ResponseInvalidError(def.name, parsed.error.issues);
      return parsed.data as never;
    },
  };
}

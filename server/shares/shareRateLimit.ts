import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A request budget: at most `max` requests per `windowMs` milliseconds per key. */
export interface ShareRateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * The budget of a client IP's share calls that carry no share token this server signed (missing,
 * malformed, forged or tampered): 120 requests per minute per IP. This is the guesser's budget — 2
 * tries a second, against share ids of 128 random bits behind an HMAC signature. Wrong one-time codes
 * are limited per share as well (server/shares/totpFailures.ts).
 */
export const SHARE_VIEWER_RATE_LIMIT: ShareRateLimit = { max: 120, windowMs: 60_000 };

/**
 * The budget of the share calls that carry a token this server signed, per share and client IP: 300
 * requests per minute. Sized for the heaviest legitimate pattern, several guardians behind one NAT
 * on one share: a viewer page reloads the share at most once a second while changes arrive
 * (SHARED_VIEW_RELOAD_AUDIT_MS, src/store/timing.ts), so four pages at that pace take 240, with room
 * left for opening a journey (activity-sharing plus one shared-journey-activity per activity) and
 * the message and alert calls. An operator's monitor costs each share about 2 calls when it loads.
 */
export const SHARE_TOKEN_RATE_LIMIT: ShareRateLimit = { max: 300, windowMs: 60_000 };

/**
 * The budget of verify-socket-user calls that carry a MemberIntegrationToken, per client IP: 600 a
 * minute. A member's socket verifies once per connection (and again after each reconnect); many
 * members behind one address (an office, a club house, a carrier's NAT) reconnecting together after a
 * server restart must not be refused. A member token cannot probe share tokens (when both are sent the
 * member token decides), so this budget is no guesser's.
 */
export const SOCKET_MEMBER_VERIFY_RATE_LIMIT: ShareRateLimit = { max: 600, windowMs: 60_000 };

/** The two budgets of {@link registerShareTokenRateLimit}. */
export interface ShareCallRateLimits {
  /** Per client IP, for requests without a token this server signed; default {@link SHARE_VIEWER_RATE_LIMIT}. */
  readonly perIp: ShareRateLimit;
  /** Per share and client IP, for requests with one; default {@link SHARE_TOKEN_RATE_LIMIT}. */
  readonly perShare: ShareRateLimit;
}

/** The share id of a token when this server signed it, else null; never throws (ShareVerifier). */
export type SignedShareIdOf = (token: unknown) => Promise<string | null>;

/**
 * Counters kept per process (an LRU of keys; a key pushed out starts again from 0). Each share a
 * client IP watches is a key of its own, so this is larger than the plugin's default of 5,000.
 */
const RATE_LIMIT_KEYS_KEPT = 50_000;

/**
 * The largest body of a share call, bytes. Requests are counted once their body is parsed, so a client
 * over budget still has its body parsed: this keeps that cheap. The largest real body (message-send,
 * alert-resolve-pause: a token of about 400 characters and a text of at most 500) is under 2 KiB.
 */
export const SHARE_CALL_BODY_LIMIT_BYTES = 64 * 1024;

/** Counted per IPv6 /64 (the plugin's default): one subscriber's addresses are one client. */
const clientOf = (request: FastifyRequest): string => normalizeIP(request.ip);

/** Thrown to the error handler, which answers { ErrorCode: 'RATE_LIMITED', Error }. */
const rateLimited = (ttlMs: number): Error =>
  Object.assign(new Error(`Too many requests; try again in ${Math.ceil(ttlMs / 1000)} s`), {
    statusCode: 429,
  });

/**
 * Registers @fastify/rate-limit for every route of the encapsulated `scope` (register the routes
 * inside it), counted per client IP (`request.ip`, which honours `trustProxy`; IPv6 per /64) at the
 * `onRequest` stage, before the body is read; over budget the answer is 429
 * `{ ErrorCode: 'RATE_LIMITED', Error: 'Too many requests; try again in N s' }` with `retry-after`
 * (server/http/errorHandler.ts). For calls whose secret is not signed (the short-link codes,
 * server/central/shortLinkResolveRoutes.ts). Counters live in this process's memory: with N server
 * processes an IP gets up to N budgets.
 */
export async function registerShareRateLimit(
  scope: FastifyInstance,
  limit: ShareRateLimit = SHARE_VIEWER_RATE_LIMIT,
): Promise<void> {
  await scope.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: limit.max,
    timeWindow: limit.windowMs,
    cache: RATE_LIMIT_KEYS_KEPT,
    keyGenerator: clientOf,
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

/**
 * The rate-limit key of a share call: `share:{ShareId}/{ip}` when the JSON body's `ShareToken` is a
 * token this server signed (`signedShareId`: signature only, no database), else `ip:{ip}`. Never the
 * token itself, so no key that could be logged holds a secret. A body that is not an object, or a
 * `signedShareId` that fails, counts per IP.
 */
export async function shareCallKey(
  request: FastifyRequest,
  signedShareId: SignedShareIdOf,
): Promise<string> {
  const ip = clientOf(request);
  const body: unknown = request.body;
  const token =
    typeof body === 'object' && body !== null
      ? (body as { ShareToken?: unknown }).ShareToken
      : null;
  let shareId: string | null;
  try {
    shareId = token === undefined || token === null ? null : await signedShareId(token);
  } catch {
    shareId = null;
  }
  return shareId === null ? `ip:${ip}` : `share:${shareId}/${ip}`;
}

/**
 * Registers @fastify/rate-limit for every route of the encapsulated `scope` of the public share calls
 * (server/shareViewing/shareViewingRoutes.ts; issue 8), keyed by what the request proves
 * ({@link shareCallKey}): a `ShareToken` this server signed counts against its share's budget for
 * that client IP (`limits.perShare`), anything else against the IP's (`limits.perIp`). So one address
 * may watch any number of shares (the operator's monitor), while a guesser, whose tokens never carry
 * our signature, keeps 2 tries a second. Expired, revoked and deleted shares are keyed like live
 * ones: the limit says nothing the token does not, and every such token still answers the same 404
 * 'Share not found'. Counted at `preValidation` (the token is in the JSON body, parsed by then; a
 * body Fastify cannot parse is refused before it is counted, with nothing checked); the scope's
 * routes take bodies of at most {@link SHARE_CALL_BODY_LIMIT_BYTES} (413). Over budget: 429
 * `{ ErrorCode: 'RATE_LIMITED', Error }` with `retry-after`. Counters live in this process's memory.
 * The first request naming a key this process has not read yet (its first share call after start)
 * counts per IP. verify-socket-user, which also takes a ShareToken, has its own limit keyed the same
 * way ({@link registerSocketVerifyRateLimit}).
 */
export async function registerShareTokenRateLimit(
  scope: FastifyInstance,
  signedShareId: SignedShareIdOf,
  limits: Partial<ShareCallRateLimits> = {},
): Promise<void> {
  const perIp = limits.perIp ?? SHARE_VIEWER_RATE_LIMIT;
  const perShare = limits.perShare ?? SHARE_TOKEN_RATE_LIMIT;
  await registerKeyedRateLimit(
    scope,
    (request) => shareCallKey(request, signedShareId),
    (key) => (key.startsWith('share:') ? perShare : perIp),
  );
}

/** The budgets of {@link registerSocketVerifyRateLimit}. */
export interface SocketVerifyRateLimits extends ShareCallRateLimits {
  /** Per client IP, for calls with a member token; default {@link SOCKET_MEMBER_VERIFY_RATE_LIMIT}. */
  readonly perMemberIp: ShareRateLimit;
}

/**
 * Registers the limit of verify-socket-user (server/realtime/verifySocketUserRoute.ts) for every route
 * of the encapsulated `scope`: a call with a MemberIntegrationToken counts as `members:{ip}` against
 * `limits.perMemberIp`; any other is keyed as the share calls are ({@link shareCallKey}: a ShareToken
 * this server signed per share and client IP, anything else per client IP), so a guesser probing
 * share tokens through sockets keeps the same 2 tries a second as through the share calls. Counted
 * at `preValidation`; over budget: 429 `{ ErrorCode: 'RATE_LIMITED', Error }` with `retry-after`.
 * Counters live in this process's memory.
 */
export async function registerSocketVerifyRateLimit(
  scope: FastifyInstance,
  signedShareId: SignedShareIdOf,
  limits: Partial<SocketVerifyRateLimits> = {},
): Promise<void> {
  const perIp = limits.perIp ?? SHARE_VIEWER_RATE_LIMIT;
  const perShare = limits.perShare ?? SHARE_TOKEN_RATE_LIMIT;
  const perMemberIp = limits.perMemberIp ?? SOCKET_MEMBER_VERIFY_RATE_LIMIT;
  await registerKeyedRateLimit(
    scope,
    async (request) => {
      const body: unknown = request.body;
      const memberToken =
        typeof body === 'object' && body !== null
          ? (body as { MemberIntegrationToken?: unknown }).MemberIntegrationToken
          : undefined;
      if (typeof memberToken === 'string') return `members:${clientOf(request)}`;
      return shareCallKey(request, signedShareId);
    },
    (key) =>
      key.startsWith('members:') ? perMemberIp : key.startsWith('share:') ? perShare : perIp,
  );
}

/**
 * @fastify/rate-limit over every route of `scope`, counted at `preValidation` by `keyOf` with the
 * budget `budgetOf(key)`; bodies of at most {@link SHARE_CALL_BODY_LIMIT_BYTES}.
 */
async function registerKeyedRateLimit(
  scope: FastifyInstance,
  keyOf: (request: FastifyRequest) => Promise<string>,
  budgetOf: (key: string) => ShareRateLimit,
): Promise<void> {
  scope.addHook('onRoute', (route) => {
    route.bodyLimit = Math.min(route.bodyLimit ?? Infinity, SHARE_CALL_BODY_LIMIT_BYTES);
  });
  await scope.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    max: (_request, key) => budgetOf(key).max,
    timeWindow: (_request, key) => budgetOf(key).windowMs,
    cache: RATE_LIMIT_KEYS_KEPT,
    keyGenerator: keyOf,
    errorResponseBuilder: (_request, context) => rateLimited(context.ttl),
  });
}

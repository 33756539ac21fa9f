import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdentityError, MESSAGES } from './errors';
import { operationName } from './operations';

/** A request budget: at most `max` requests per `windowMs` milliseconds. */
export interface IpRateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** Per-IP budgets of the operations anyone can call without a token and that cost work or mail. */
export interface IpRateLimits {
  /** SRP sign-ins and refreshes (each SRP step costs ~5–10 ms of modular exponentiation). */
  readonly InitiateAuth: IpRateLimit;
  /** Sign-ups (each sends an e-mail to an address the caller chooses). */
  readonly SignUp: IpRateLimit;
}

/**
 * The defaults: InitiateAuth 120 per minute per IP (a shared NAT of many users still signs in; the
 * per-user lockout is what stops password guessing), SignUp 10 per 10 minutes per IP.
 */
export const DEFAULT_IP_RATE_LIMITS: IpRateLimits = {
  InitiateAuth: { max: 120, windowMs: 60_000 },
  SignUp: { max: 10, windowMs: 10 * 60_000 },
};

function limitOf(limits: IpRateLimits, request: FastifyRequest): IpRateLimit | undefined {
  if (request.method !== 'POST') return undefined;
  const target = request.headers['x-amz-target'];
  const name = operationName(typeof target === 'string' ? target : undefined);
  return name === 'InitiateAuth' || name === 'SignUp' ? limits[name] : undefined;
}

/**
 * Registers @fastify/rate-limit in the identity plugin's scope only: InitiateAuth and SignUp are
 * counted per client IP (`request.ip`, which honours `trustProxy` in production) and operation, at the
 * `onRequest` stage before the body is read; over budget the answer is Cognito's
 * TooManyRequestsException "Rate exceeded" (with `retry-after`). The counters live in this process's
 * memory, so with N server processes an IP gets up to N budgets.
 */
export async function registerIpRateLimit(
  app: FastifyInstance,
  limits: IpRateLimits,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    allowList: (request) => limitOf(limits, request) === undefined,
    keyGenerator: (request) => {
      const target = request.headers['x-amz-target'];
      return `${request.ip}|${typeof target === 'string' ? target : ''}`;
    },
    max: (request) => limitOf(limits, request)?.max ?? 0,
    timeWindow: (request) => limitOf(limits, request)?.windowMs ?? 60_000,
    errorResponseBuilder: () =>
      new IdentityError('TooManyRequestsException', MESSAGES.rateExceeded),
  });
}

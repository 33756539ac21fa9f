import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdentityError, MESSAGES } from './errors';
import { operationName } from './operations';

/** A request budget: at most `max` requests per `windowMs` milliseconds. */
export interface IpRateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/**
 * Per-IP budgets of the operations anyone can call without a token and that cost work or mail, or
 * tell whether an account exists (an unknown address answers UserNotFoundException before any
 * per-user counting).
 */
export interface IpRateLimits {
  /** SRP sign-ins and refreshes (each SRP step costs ~5–10 ms of modular exponentiation). */
  readonly InitiateAuth: IpRateLimit;
  /** Sign-ups (each sends an e-mail to an address the caller chooses). */
  readonly SignUp: IpRateLimit;
  /** Password reset codes (each sends an e-mail or SMS; an unknown address is told so). */
  readonly ForgotPassword: IpRateLimit;
  /** New sign-up codes (each sends an e-mail; an unknown address is told so). */
  readonly ResendConfirmationCode: IpRateLimit;
  /** Sign-up codes entered (guesses at a code; an unknown address is told so). */
  readonly ConfirmSignUp: IpRateLimit;
  /** Password reset codes entered with the new password (guesses at a code, likewise). */
  readonly ConfirmForgotPassword: IpRateLimit;
}

/** The operations {@link IpRateLimits} budgets. */
type LimitedOperation = keyof IpRateLimits;

const LIMITED: ReadonlySet<string> = new Set<LimitedOperation>([
  'InitiateAuth',
  'SignUp',
  'ForgotPassword',
  'ResendConfirmationCode',
  'ConfirmSignUp',
  'ConfirmForgotPassword',
]);

/**
 * The defaults: InitiateAuth 120 per minute per IP (a shared NAT of many users still signs in; the
 * per-user lockout is what stops password guessing); SignUp, ForgotPassword and
 * ResendConfirmationCode, which send mail, 10 per 10 minutes; ConfirmSignUp and
 * ConfirmForgotPassword 30 per minute (a person mistypes a code a few times; a script asking which
 * addresses have accounts, or guessing codes, is held to that).
 */
export const DEFAULT_IP_RATE_LIMITS: IpRateLimits = {
  InitiateAuth: { max: 120, windowMs: 60_000 },
  SignUp: { max: 10, windowMs: 10 * 60_000 },
  ForgotPassword: { max: 10, windowMs: 10 * 60_000 },
  ResendConfirmationCode: { max: 10, windowMs: 10 * 60_000 },
  ConfirmSignUp: { max: 30, windowMs: 60_000 },
  ConfirmForgotPassword: { max: 30, windowMs: 60_000 },
};

function limitOf(limits: IpRateLimits, request: FastifyRequest): IpRateLimit | undefined {
  if (request.method !== 'POST') return undefined;
  const target = request.headers['x-amz-target'];
  const name = operationName(typeof target === 'string' ? target : undefined);
  return name !== undefined && LIMITED.has(name) ? limits[name as LimitedOperation] : undefined;
}

/**
 * Registers @fastify/rate-limit in the identity plugin's scope only: the {@link IpRateLimits}
 * operations are counted per client IP (`request.ip`, which honours `trustProxy` in production; an
 * IPv6 address by its /64) and operation, at the
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
      // An IPv6 client counts by its /64, as the share and short-link limits do: one host holds a
      // whole /64 and could otherwise take a fresh budget with every address.
      return `${normalizeIP(request.ip)}|${typeof target === 'string' ? target : ''}`;
    },
    max: (request) => limitOf(limits, request)?.max ?? 0,
    timeWindow: (request) => limitOf(limits, request)?.windowMs ?? 60_000,
    errorResponseBuilder: () =>
      new IdentityError('TooManyRequestsException', MESSAGES.rateExceeded),
  });
}

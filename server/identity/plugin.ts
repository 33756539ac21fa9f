import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from '../../src/api/runtimeConfig';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { Outbox } from '../outbox/outbox';
import type { Clock, IdentityContext, RandomSource } from './context';
import { DEFAULT_IP_RATE_LIMITS, type IpRateLimits } from './ipRateLimit';
import { loadSigningKeys } from './keys';
import {
  cognitoPoolConfig,
  loadAppClientId,
  localPoolConfig,
  localPoolIdentity,
} from './poolConfig';
import { identityRoutes } from './routes';
import { createIdTokenVerifier, IdTokenError, type IdTokenVerifier } from './verifyIdToken';

declare module 'fastify' {
  interface FastifyInstance {
    /** Verifies ID tokens of the pool the SPA signs in with (local or real Cognito). */
    identityVerifier: IdTokenVerifier;
    /**
     * The pool the SPA signs in with, as `/config.json` names it; null only when the local pool could
     * not be read at start (database unreachable: the server is unhealthy until restarted).
     */
    identityPool: IdentityConfig | null;
    /** The local pool's internals (users, codes) for the auth host's e-mail change; null with Cognito. */
    identityContext: (() => Promise<IdentityContext>) | null;
  }
}

/** Options of {@link identityPlugin}. */
export interface IdentityPluginOptions {
  readonly db: Db;
  /** Where codes are sent (e-mail and SMS). */
  readonly outbox: Outbox;
  readonly config: ServerConfig;
  /** Epoch ms now; defaults to `Date.now` (tests inject a clock for lockout and expiry). */
  readonly now?: Clock;
  /** Random bytes; defaults to `crypto.randomBytes`. */
  readonly random?: RandomSource;
  /**
   * Per-IP budgets of the operations anyone can call ({@link IpRateLimits}); defaults to
   * {@link DEFAULT_IP_RATE_LIMITS} with the sign-up count of `config.signUpsPerIp`.
   */
  readonly ipRateLimits?: IpRateLimits;
}

/** The local pool once read from the database: the operations' context and the ID-token verifier. */
interface LocalPool {
  readonly ctx: IdentityContext;
  readonly verifier: IdTokenVerifier;
}

async function loadLocalPool(options: IdentityPluginOptions): Promise<LocalPool> {
  const now = options.now ?? Date.now;
  const random = options.random ?? randomBytes;
  const clientId = await loadAppClientId(options.db, now, random);
  const keys = await loadSigningKeys(options.db, now);
  const pool = localPoolIdentity(options.config, clientId);
  return {
    ctx: { db: options.db, outbox: options.outbox, now, random, pool, keys },
    verifier: createIdTokenVerifier({
      kind: 'local',
      issuer: pool.issuer,
      clientId,
      keys: keys.keySet,
      now,
    }),
  };
}

async function identity(app: FastifyInstance, options: IdentityPluginOptions): Promise<void> {
  const { config } = options;
  if (config.cognito) {
    const cognito = config.cognito;
    app.decorate('identityPool', cognitoPoolConfig(cognito));
    app.decorate('identityContext', null);
    app.decorate(
      'identityVerifier',
      createIdTokenVerifier({
        kind: 'cognito',
        ...cognito,
        ...(options.now ? { now: options.now } : {}),
      }),
    );
    return;
  }
  // Read once and shared; a failed read (database down) is retried by the next request.
  let loading: Promise<LocalPool> | undefined;
  const localPool = (): Promise<LocalPool> => {
    loading ??= loadLocalPool(options).catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  let initial: LocalPool | null = null;
  try {
    initial = await localPool();
  } catch (error) {
    app.log.error({ err: error }, 'identity: the local pool could not be read; retrying on use');
  }
  app.decorate('identityPool', initial ? localPoolConfig(config, initial.ctx.pool.clientId) : null);
  app.decorate('identityContext', async () => (await localPool()).ctx);
  app.decorate('identityVerifier', {
    async verify(token: string) {
      let pool: LocalPool;
      try {
        pool = await localPool();
      } catch {
        throw new IdTokenError('unavailable', 'The identity keys cannot be read');
      }
      return pool.verifier.verify(token);
    },
  });
  await app.register(identityRoutes, {
    prefix: '/identity',
    context: async () => (await localPool()).ctx,
    ipRateLimits: options.ipRateLimits ?? {
      ...DEFAULT_IP_RATE_LIMITS,
      SignUp: { ...DEFAULT_IP_RATE_LIMITS.SignUp, max: options.config.signUpsPerIp },
    },
  });
}

/**
 * The identity service (ARCHITECTURE.md §2 "identity"; identity-protocol.md): a Cognito-compatible
 * JSON API at `/identity` for the unmodified amazon-cognito-identity-js, on the local pool
 * `local_Lifeline` whose app client id and RS256 signing keys are created in the database on first
 * start (read again on use if the database was down at start). When `config.cognito` names a real pool, no route is registered and tokens are verified
 * against that pool's JWKS instead.
 *
 * Either way it decorates the instance it is registered on (it is not encapsulated: Fastify's
 * `skip-override`) with `identityPool` (the `IdentityConfig` for /config.json) and `identityVerifier`
 * (`verify(idToken) → IdTokenClaims`, server/identity/verifyIdToken.ts). Its routes, content-type
 * parsers, error handler and rate limit live in their own encapsulated scope under `/identity`.
 */
export const identityPlugin = Object.assign(identity, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'lifeline-identity',
});

import Fastify from 'fastify';
import {
  AuthenticationDetails,
  CognitoUser,
  CognitoUserPool,
  type ICognitoStorage,
} from 'amazon-cognito-identity-js';
import { loadConfig } from '../server/config';
import type { Db } from '../server/db/database';
import { identityPlugin } from '../server/identity/plugin';
import { createOutbox } from '../server/outbox/outbox';
import type { BenchArea, Figure } from './lib/figure';
import { measure } from './lib/figure';
import { withBenchDatabase } from './lib/benchDatabase';

const EMAIL = 'bench@example.com';
const PASSWORD = 'Correct-Horse-1';
/** Generous per-IP budgets: every sign-in of the bench comes from 127.0.0.1. */
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };

function memoryStorage(): ICognitoStorage {
  const items = new Map<string, string>();
  return {
    setItem: (key, value) => {
      items.set(key, value);
    },
    getItem: (key) => items.get(key) ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => {
      items.clear();
    },
  };
}

async function latestCode(db: Db): Promise<string> {
  const row = await db
    .selectFrom('outbox_messages')
    .select('code')
    .where('recipient', '=', EMAIL)
    .orderBy('message_id', 'desc')
    .executeTakeFirstOrThrow();
  return row.code ?? '';
}

function signIn(pool: CognitoUserPool, storage: ICognitoStorage): Promise<void> {
  return new Promise((resolve, reject) => {
    new CognitoUser({ Username: EMAIL, Pool: pool, Storage: storage }).authenticateUser(
      new AuthenticationDetails({ Username: EMAIL, Password: PASSWORD }),
      {
        onSuccess: () => {
          resolve();
        },
        onFailure: (error: unknown) => {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      },
    );
  });
}

/**
 * Full two-step SRP sign-ins (InitiateAuth USER_SRP_AUTH + RespondToAuthChallenge) per second through
 * HTTP, with the unmodified amazon-cognito-identity-js against a listening identity service on the
 * embedded PostgreSQL, one at a time. The client's own SRP math (jsbn, a 1024-bit exponent) runs in the
 * same process and dominates; `serverMs` is the server's share per sign-in.
 */
export const identityBench: BenchArea = {
  area: 'identity',
  run: () =>
    withBenchDatabase('identity', async (db): Promise<Figure[]> => {
      const app = Fastify({ logger: false });
      let serverMs = 0;
      app.addHook('onResponse', async (_request, reply) => {
        serverMs += reply.elapsedTime;
      });
      await app.register(identityPlugin, {
        db,
        outbox: createOutbox(db, null, { error: () => undefined }),
        config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
        ipRateLimits: {
          InitiateAuth: UNLIMITED,
          SignUp: UNLIMITED,
          ForgotPassword: UNLIMITED,
          ResendConfirmationCode: UNLIMITED,
          ConfirmSignUp: UNLIMITED,
          ConfirmForgotPassword: UNLIMITED,
        },
      });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const identity = app.identityPool;
      if (!identity) throw new Error('identity bench: the local pool was not loaded');
      const storage = memoryStorage();
      const pool = new CognitoUserPool({
        UserPoolId: identity.userPoolId,
        ClientId: identity.clientId,
        endpoint: `${origin}/identity`,
        Storage: storage,
      });
      await new Promise<void>((resolve, reject) => {
        pool.signUp(EMAIL, PASSWORD, [], [], (error) => {
          if (error) reject(error);
          else resolve();
        });
      });
      const code = await latestCode(db);
      await new Promise<void>((resolve, reject) => {
        new CognitoUser({ Username: EMAIL, Pool: pool, Storage: storage }).confirmRegistration(
          code,
          false,
          (error) => {
            if (error) reject(error instanceof Error ? error : new Error(String(error)));
            else resolve();
          },
        );
      });

      const result = await measure(() => signIn(pool, storage), { minMs: 5_000, warmup: 2 });
      const serverShare = serverMs / (result.iterations + 2);
      await app.close();
      return [
        {
          bench: 'identity.srp-signin',
          metric: 'full SRP sign-ins per second (real client over HTTP, one at a time)',
          value: Number(result.opsPerSecond.toFixed(2)),
          unit: 'sign-ins/s',
          params: {
            client: 'amazon-cognito-identity-js@6.3.21',
            meanMs: Number(result.meanMs.toFixed(1)),
            serverMs: Number(serverShare.toFixed(1)),
            iterations: result.iterations,
          },
        },
      ];
    }),
};

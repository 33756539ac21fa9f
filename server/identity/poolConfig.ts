import type { IdentityConfig } from '../../src/api/runtimeConfig';
import type { CognitoPoolConfig, ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { Clock, PoolIdentity, RandomSource } from './context';

/** The local pool's id: one underscore, so the client's pool name (SRP `poolName`) is `Lifeline`. */
export const LOCAL_USER_POOL_ID = 'local_Lifeline';
/** The local pool's "region" as the SPA is told it (the client ignores it when `endpoint` is set). */
export const LOCAL_REGION = 'local';

/** The public origin of this server: `PUBLIC_URL`, or `http://{HOST}:{PORT}` when it is not set. */
export function publicOrigin(config: ServerConfig): string {
  return config.publicUrl ?? `http://${config.host}:${config.port}`;
}

/** The SRP pool name of a pool id: its part after `_` (identity-protocol.md §1, §3). */
export function poolNameOf(userPoolId: string): string {
  return userPoolId.split('_')[1] ?? '';
}

/**
 * The SPA's identity configuration for the local pool (src/api/runtimeConfig.ts `IdentityConfig`):
 * `endpoint` `{publicOrigin}/identity`, region `local`, pool `local_Lifeline`, `clientId` the stable
 * id from {@link loadAppClientId}.
 */
export function localPoolConfig(config: ServerConfig, clientId: string): IdentityConfig {
  return {
    endpoint: `${publicOrigin(config)}/identity`,
    region: LOCAL_REGION,
    userPoolId: LOCAL_USER_POOL_ID,
    clientId,
  };
}

/** The SPA's identity configuration for a real Cognito pool: no endpoint, the client derives it. */
export function cognitoPoolConfig(cognito: CognitoPoolConfig): IdentityConfig {
  return {
    endpoint: null,
    region: cognito.region,
    userPoolId: cognito.userPoolId,
    clientId: cognito.clientId,
  };
}

/** The local pool's identity for the running server: pool id, SRP pool name, client id and issuer. */
export function localPoolIdentity(config: ServerConfig, clientId: string): PoolIdentity {
  return {
    userPoolId: LOCAL_USER_POOL_ID,
    poolName: poolNameOf(LOCAL_USER_POOL_ID),
    clientId,
    issuer: `${publicOrigin(config)}/identity/${LOCAL_USER_POOL_ID}`,
  };
}

const CLIENT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Length of a generated app client id, characters (Cognito's are 26 lowercase alphanumerics). */
const CLIENT_ID_LENGTH = 26;

/**
 * The local pool's app client id: read from `identity_app_clients`, or generated (26 lowercase
 * letters and digits, like Cognito's) and stored on the first start. Concurrent first starts agree:
 * the insert does nothing on conflict and everyone reads the stored row.
 */
export async function loadAppClientId(db: Db, now: Clock, random: RandomSource): Promise<string> {
  const read = () =>
    db
      .selectFrom('identity_app_clients')
      .select('client_id')
      .where('user_pool_id', '=', LOCAL_USER_POOL_ID)
      .executeTakeFirst();
  const existing = await read();
  if (existing) return existing.client_id;
  const clientId = Array.from(
    random(CLIENT_ID_LENGTH),
    (byte) => CLIENT_ID_ALPHABET[byte % CLIENT_ID_ALPHABET.length] ?? 'a',
  ).join('');
  await db
    .insertInto('identity_app_clients')
    .values({ user_pool_id: LOCAL_USER_POOL_ID, client_id: clientId, created_ms: now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error('identity: the app client could not be stored');
  return stored.client_id;
}

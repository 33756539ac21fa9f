import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { IdentityRefreshTokensTable } from '../db/schema';
import type { RandomSource } from './context';
import { randomToken, randomUuid, sha256Hex } from './random';

/** Refresh token lifetime, ms (identity-protocol.md §4 "Lifetimes": Cognito's default 30 days). */
export const REFRESH_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60_000;
/** Random bytes in a refresh token (opaque to the client). */
const REFRESH_TOKEN_BYTES = 48;
/** How long an expired refresh token is kept, ms: its access tokens must still find it. */
const EXPIRED_KEPT_MS = 24 * 60 * 60_000;

/** A stored refresh token (the hash, never the token). */
export type RefreshTokenRow = Selectable<IdentityRefreshTokensTable>;

/**
 * Issues a refresh token for a sign-in of user `sub` at `authTimeS` (epoch seconds): a random opaque
 * string returned once and stored as its SHA-256, with a new `origin_jti` naming the sign-in session
 * (every access and ID token of the session carries it, identity-protocol.md §2 "Local sign-out").
 * Also deletes the user's refresh tokens that expired more than a day ago.
 */
export async function issueRefreshToken(
  db: Db,
  random: RandomSource,
  sub: string,
  authTimeS: number,
  nowMs: number,
): Promise<{ token: string; originJti: string }> {
  const token = randomToken(random, REFRESH_TOKEN_BYTES);
  const originJti = randomUuid(random);
  await db
    .deleteFrom('identity_refresh_tokens')
    .where('sub', '=', sub)
    .where('expires_ms', '<', nowMs - EXPIRED_KEPT_MS)
    .execute();
  await db
    .insertInto('identity_refresh_tokens')
    .values({
      token_hash: sha256Hex(token),
      sub,
      origin_jti: originJti,
      auth_time_s: authTimeS,
      created_ms: nowMs,
      expires_ms: nowMs + REFRESH_TOKEN_LIFETIME_MS,
    })
    .execute();
  return { token, originJti };
}

/** The stored row of refresh token `token`, or undefined when it was never issued. */
export async function findRefreshToken(
  db: Db,
  token: string,
): Promise<RefreshTokenRow | undefined> {
  return db
    .selectFrom('identity_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', sha256Hex(token))
    .executeTakeFirst();
}

/** Revokes refresh token `token` (RevokeToken); a token never issued or already revoked is left alone. */
export async function revokeRefreshToken(db: Db, token: string, nowMs: number): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_ms: nowMs })
    .where('token_hash', '=', sha256Hex(token))
    .where('revoked_ms', 'is', null)
    .execute();
}

/** Revokes every refresh token of user `sub` (GlobalSignOut), and with them their sessions. */
export async function revokeAllRefreshTokens(db: Db, sub: string, nowMs: number): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_ms: nowMs })
    .where('sub', '=', sub)
    .where('revoked_ms', 'is', null)
    .execute();
}

/**
 * Whether the sign-in session `originJti` is still live: its refresh token exists and is not revoked.
 * Access tokens of a revoked session fail user-pool calls with "Access Token has been revoked".
 */
export async function isSessionLive(db: Db, originJti: string): Promise<boolean> {
  const row = await db
    .selectFrom('identity_refresh_tokens')
    .select('revoked_ms')
    .where('origin_jti', '=', originJti)
    .executeTakeFirst();
  return row !== undefined && row.revoked_ms === null;
}

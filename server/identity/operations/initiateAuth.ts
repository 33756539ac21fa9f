import type { IdentityContext } from '../context';
import { IdentityError, MESSAGES } from '../errors';
import { afterRefusedAttempt, isLockedOut } from '../lockout';
import { randomToken, sha256Hex } from '../random';
import { findRefreshToken } from '../refreshTokens';
import { InitiateAuthRequest } from '../schemas';
import { computeServerPublic, hexToBigInt, SRP_N } from '../srp';
import { mintTokens } from '../tokens';
import { findUser, lockoutOf, requireUser, saveLockout, withLockedUser } from '../users';
import { defineOperation, requireClient } from './operation';

/** How long an SRP sign-in may take between its two steps, ms ("a few minutes", §3 "Timing"). */
export const SRP_SESSION_LIFETIME_MS = 5 * 60_000;
/** Bytes of the server's secret exponent b (identity-protocol.md §3 "On InitiateAuth"). */
const SERVER_SECRET_BYTES = 32;
/** Bytes of SECRET_BLOCK and of Session, opaque to the client. */
const SESSION_BYTES = 48;
/** Longest SRP_A accepted, hex digits (A < N has at most 768; leading zeros tolerated). */
const MAX_SRP_A_LENGTH = 1024;

const UNSUPPORTED_FLOWS = new Set([
  'USER_PASSWORD_AUTH',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
]);

type Parameters = Readonly<Record<string, string | null>>;

function required(parameters: Parameters, name: string): string {
  const value = parameters[name];
  if (typeof value !== 'string' || value === '') {
    throw new IdentityError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  return value;
}

/** SRP_A as an integer; InvalidParameterException when not hex, NotAuthorized when A mod N = 0. */
function parseClientPublic(srpA: string): bigint {
  if (srpA.length > MAX_SRP_A_LENGTH || !/^[0-9a-fA-F]+$/.test(srpA)) {
    throw new IdentityError('InvalidParameterException', 'SRP_A must be a hexadecimal number.');
  }
  const a = hexToBigInt(srpA);
  if (a % SRP_N === 0n)
    throw new IdentityError('NotAuthorizedException', MESSAGES.incorrectPassword);
  return a;
}

/**
 * Step 1 of USER_SRP_AUTH (identity-protocol.md §2 "Sign-in", §3 "On InitiateAuth"): checks A, the
 * user (UserNotFoundException, UserNotConfirmedException) and a running lockout ("Password attempts
 * exceeded", not counted), picks b, sends `B = k·v + g^b mod N` and stores the session (5 min, single
 * use) under hashes of SECRET_BLOCK and Session.
 */
async function startSrp(ctx: IdentityContext, parameters: Parameters): Promise<object> {
  const srpA = required(parameters, 'SRP_A');
  const username = required(parameters, 'USERNAME');
  const clientPublic = parseClientPublic(srpA);
  const user = await requireUser(ctx.db, username);
  if (user.status !== 'CONFIRMED') {
    throw new IdentityError('UserNotConfirmedException', MESSAGES.userNotConfirmed);
  }
  const now = ctx.now();
  if (isLockedOut(lockoutOf(user), now)) {
    await withLockedUser(ctx.db, user.sub, (trx, locked) =>
      saveLockout(trx, locked.sub, afterRefusedAttempt(lockoutOf(locked), now)),
    );
    throw new IdentityError('NotAuthorizedException', MESSAGES.passwordAttemptsExceeded);
  }
  const verifier = hexToBigInt(user.srp_verifier);
  let b = 0n;
  let serverPublic = 0n;
  while (serverPublic === 0n) {
    b = hexToBigInt(ctx.random(SERVER_SECRET_BYTES).toString('hex'));
    serverPublic = computeServerPublic(verifier, b);
  }
  const secretBlock = ctx.random(SESSION_BYTES).toString('base64');
  const session = randomToken(ctx.random, SESSION_BYTES);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('identity_srp_sessions').where('expires_ms', '<', now).execute();
    await trx
      .insertInto('identity_srp_sessions')
      .values({
        secret_block_hash: sha256Hex(secretBlock),
        session_hash: sha256Hex(session),
        sub: user.sub,
        client_public: clientPublic.toString(16),
        server_private: b.toString(16),
        server_public: serverPublic.toString(16),
        expires_ms: now + SRP_SESSION_LIFETIME_MS,
      })
      .execute();
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: session,
    ChallengeParameters: {
      SALT: user.srp_salt,
      SRP_B: serverPublic.toString(16),
      SECRET_BLOCK: secretBlock,
      USER_ID_FOR_SRP: user.sub,
      USERNAME: user.sub,
    },
  };
}

/**
 * REFRESH_TOKEN_AUTH (identity-protocol.md §2 "Refresh"): new ID and access tokens of the same session
 * (same `origin_jti` and `auth_time`) and no `RefreshToken` key at all. Errors: NotAuthorizedException
 * "Invalid Refresh Token" | "Refresh Token has been revoked" | "Refresh Token has expired" — never
 * counted toward the lockout (the client retries them 6 times).
 */
async function refresh(ctx: IdentityContext, parameters: Parameters): Promise<object> {
  const row = await findRefreshToken(ctx.db, required(parameters, 'REFRESH_TOKEN'));
  if (!row) throw new IdentityError('NotAuthorizedException', MESSAGES.refreshInvalid);
  if (row.revoked_ms !== null) {
    throw new IdentityError('NotAuthorizedException', MESSAGES.refreshRevoked);
  }
  if (ctx.now() >= row.expires_ms) {
    throw new IdentityError('NotAuthorizedException', MESSAGES.refreshExpired);
  }
  const user = await findUser(ctx.db, row.sub);
  if (!user) throw new IdentityError('UserNotFoundException', MESSAGES.userNotFound);
  const tokens = await mintTokens(ctx, user, {
    originJti: row.origin_jti,
    authTimeS: row.auth_time_s,
  });
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}

/**
 * `InitiateAuth` (identity-protocol.md §2): `{AuthFlow, ClientId, AuthParameters, ClientMetadata}`.
 * USER_SRP_AUTH starts an SRP sign-in; REFRESH_TOKEN_AUTH (or REFRESH_TOKEN) refreshes. Other flows:
 * InvalidParameterException "<flow> flow not enabled for this client".
 */
export const initiateAuth = defineOperation(InitiateAuthRequest, async (ctx, input) => {
  requireClient(ctx, input.ClientId);
  const parameters = input.AuthParameters ?? {};
  switch (input.AuthFlow) {
    case 'USER_SRP_AUTH':
      return startSrp(ctx, parameters);
    case 'REFRESH_TOKEN_AUTH':
    case 'REFRESH_TOKEN':
      return refresh(ctx, parameters);
    default:
      throw new IdentityError(
        'InvalidParameterException',
        UNSUPPORTED_FLOWS.has(input.AuthFlow)
          ? `${input.AuthFlow} flow not enabled for this client`
          : `1 validation error detected: Value '${input.AuthFlow}' at 'authFlow' failed to satisfy constraint: Member must satisfy enum value set`,
      );
  }
});

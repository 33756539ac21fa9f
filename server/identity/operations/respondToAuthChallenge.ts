import type { Selectable } from 'kysely';
import type { IdentitySrpSessionsTable } from '../../db/schema';
import type { IdentityContext } from '../context';
import { incorrectPassword, IdentityError, MESSAGES } from '../errors';
import { afterFailure, afterRefusedAttempt, afterSuccess, isLockedOut } from '../lockout';
import { sha256Hex } from '../random';
import { issueRefreshToken } from '../refreshTokens';
import { RespondToAuthChallengeRequest } from '../schemas';
import {
  computeServerSecret,
  computeU,
  derivePasswordKey,
  hexToBigInt,
  passwordClaimSignature,
  signaturesMatch,
} from '../srp';
import { parseSrpTimestamp } from '../timestamp';
import { mintTokens } from '../tokens';
import { lockoutOf, lockUser, saveLockout, type IdentityUser, type Trx } from '../users';
import { defineOperation, requireClient } from './operation';

type SrpSession = Selectable<IdentitySrpSessionsTable>;

interface Claim {
  readonly username: string;
  readonly secretBlock: string;
  readonly timestamp: string;
  readonly signature: string;
}

function required(responses: Readonly<Record<string, string | null>>, name: string): string {
  const value = responses[name];
  if (typeof value !== 'string' || value === '') {
    throw new IdentityError('InvalidParameterException', `Missing required parameter ${name}`);
  }
  return value;
}

function sessionExpired(): IdentityError {
  return new IdentityError(
    'NotAuthorizedException',
    'Invalid session for the user, session is expired.',
  );
}

/**
 * Takes the SRP session out of storage (single use: deleted whatever the outcome) and checks that
 * `session` is the one handed out with it and that it has not expired.
 */
async function takeSession(
  trx: Trx,
  secretBlock: string,
  session: string,
  nowMs: number,
): Promise<SrpSession | undefined> {
  const row = await trx
    .deleteFrom('identity_srp_sessions')
    .where('secret_block_hash', '=', sha256Hex(secretBlock))
    .returningAll()
    .executeTakeFirst();
  return row && row.session_hash === sha256Hex(session) && nowMs < row.expires_ms ? row : undefined;
}

/** Whether the claim proves the password (identity-protocol.md §3 "On RespondToAuthChallenge"). */
function proofHolds(
  ctx: IdentityContext,
  user: IdentityUser,
  row: SrpSession,
  claim: Claim,
): boolean {
  if (parseSrpTimestamp(claim.timestamp) === null) return false;
  const clientPublic = hexToBigInt(row.client_public);
  const serverPublic = hexToBigInt(row.server_public);
  const u = computeU(clientPublic, serverPublic);
  if (u === 0n) return false;
  const secret = computeServerSecret(
    clientPublic,
    hexToBigInt(user.srp_verifier),
    u,
    hexToBigInt(row.server_private),
  );
  const expected = passwordClaimSignature(
    derivePasswordKey(secret, u),
    ctx.pool.poolName,
    user.sub,
    claim.secretBlock,
    claim.timestamp,
  );
  return signaturesMatch(expected, claim.signature);
}

/**
 * `RespondToAuthChallenge` with PASSWORD_VERIFIER (identity-protocol.md §2 "Sign-in" step 2, §3):
 * `{ChallengeName, ClientId, Session, ChallengeResponses: {USERNAME, PASSWORD_CLAIM_SECRET_BLOCK,
 * TIMESTAMP, PASSWORD_CLAIM_SIGNATURE, DEVICE_KEY?}}` → `{ChallengeParameters: {}, AuthenticationResult:
 * {AccessToken, IdToken, RefreshToken, ExpiresIn, TokenType}}` (no NewDeviceMetadata). A wrong proof or
 * a malformed TIMESTAMP is a failed password sign-in (NotAuthorizedException "Incorrect username or
 * password.", counted toward the lockout); during a lockout "Password attempts exceeded".
 */
export const respondToAuthChallenge = defineOperation(
  RespondToAuthChallengeRequest,
  async (ctx, input) => {
    requireClient(ctx, input.ClientId);
    if (input.ChallengeName !== 'PASSWORD_VERIFIER') {
      throw new IdentityError(
        'InvalidParameterException',
        `Challenge ${input.ChallengeName} is not expected for this session.`,
      );
    }
    const responses = input.ChallengeResponses ?? {};
    const claim: Claim = {
      username: required(responses, 'USERNAME'),
      secretBlock: required(responses, 'PASSWORD_CLAIM_SECRET_BLOCK'),
      timestamp: required(responses, 'TIMESTAMP'),
      signature: required(responses, 'PASSWORD_CLAIM_SIGNATURE'),
    };
    const now = ctx.now();
    const authTimeS = Math.floor(now / 1000);
    // One transaction, one commit: the session is consumed, the lockout bookkeeping of a failure is
    // kept (failures are returned, not thrown, so they commit) and a success gets its refresh token.
    const outcome = await ctx.db.transaction().execute(async (trx) => {
      const row = await takeSession(trx, claim.secretBlock, input.Session ?? '', now);
      if (!row) return sessionExpired();
      if (claim.username.toLowerCase() !== row.sub) return incorrectPassword();
      const user = await lockUser(trx, row.sub);
      if (!user) return new IdentityError('UserNotFoundException', MESSAGES.userNotFound);
      if (user.status !== 'CONFIRMED') {
        return new IdentityError('UserNotConfirmedException', MESSAGES.userNotConfirmed);
      }
      const lockout = lockoutOf(user);
      if (isLockedOut(lockout, now)) {
        await saveLockout(trx, user.sub, afterRefusedAttempt(lockout, now));
        return new IdentityError('NotAuthorizedException', MESSAGES.passwordAttemptsExceeded);
      }
      if (!proofHolds(ctx, user, row, claim)) {
        await saveLockout(trx, user.sub, afterFailure(lockout, now));
        return incorrectPassword();
      }
      // A clean state stays clean: no write on the common path.
      if (lockout.failures > 0 || lockout.lockedUntilMs !== null) {
        await saveLockout(trx, user.sub, afterSuccess(now));
      }
      return { user, refresh: await issueRefreshToken(trx, ctx.random, user.sub, authTimeS, now) };
    });
    if (outcome instanceof IdentityError) throw outcome;
    const { user, refresh } = outcome;
    const tokens = await mintTokens(ctx, user, { originJti: refresh.originJti, authTimeS });
    return {
      ChallengeParameters: {},
      AuthenticationResult: { ...tokens, RefreshToken: refresh.token },
    };
  },
);

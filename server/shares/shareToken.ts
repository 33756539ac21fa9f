import { SignJWT, compactVerify, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { ShareId } from '../../src/api/calls/memberIntegrationShares';
import { ShareTokenClaims } from '../../src/api/entities/share';
import type { Db } from '../db/database';
import type { ShareKeyring, ShareSigningKey } from './shareKeys';
import { checkSharePass } from './sharePass';
import { findLiveMemberShare } from './shareRepository';
import type { ShareTarget } from './shareTarget';
import { verifyTotp } from './totp';
import type { TotpFailures } from './totpFailures';

/*
 * Share tokens (spec app §3 "Share token decodes to C2Url, MemberID, ClientID, WearerID"; issue 8
 * item 1): HS256 JWTs, `kid` in the protected header, the claims of src/api/entities/share.ts plus
 * `jti` (the share id), `iss` and `aud`. See docs/shares.md.
 */

const ISSUER = 'lifeline/shares';
const AUDIENCE = 'share-viewer';
/** Bytes of a share id: 128 random bits, 22 base64url characters. */
export const SHARE_ID_BYTES = 16;
/** Longest token read at all, characters (a real one is about 400). */
const MAX_TOKEN_LENGTH = 4096;

/** What a share token says. Times are epoch ms. */
export interface ShareTokenContent {
  readonly shareId: string;
  /** The base URL of the wearer's domain server (the token's `C2Url`), without a trailing slash. */
  readonly c2Url: string;
  readonly memberId: number;
  readonly clientId: number;
  readonly wearerId: number;
  readonly target: ShareTarget;
  /** Expiry, epoch ms; the token's `exp` (s) is this rounded up. */
  readonly expiresAtMs: number;
}

/**
 * A share whose token verified: the realtime seam's `ShareAccess` with all the token says, and
 * `totpCodeChecked` when the share needs a code and the viewer's code (not a pass) opened it — the
 * moment to hand the viewer a pass (server/shares/sharePass.ts).
 */
export type VerifiedShare = ShareTokenContent & { readonly totpCodeChecked?: boolean };

/** The TOTP pass the viewer holds for a share (its cookie), by share id; undefined when none. */
export type SharePassOf = (shareId: string) => string | undefined;

/** A new random share id ({@link SHARE_ID_BYTES} bytes, base64url). */
export function newShareId(): string {
  return randomBytes(SHARE_ID_BYTES).toString('base64url');
}

/**
 * Signs the token of `content` with `signing` (HS256, `kid` = its id). Deterministic: the same share,
 * key and C2Url give the same token (there is no `iat`), so a member's link can be shown again.
 */
export function signShareToken(
  content: ShareTokenContent,
  signing: ShareSigningKey,
): Promise<string> {
  const what =
    content.target.kind === 'activity'
      ? { ActivityId: content.target.activityId }
      : { JourneyStart: content.target.startMs, JourneyEnd: content.target.endMs };
  return new SignJWT({
    C2Url: content.c2Url,
    MemberID: content.memberId,
    ClientID: content.clientId,
    WearerID: content.wearerId,
    ...what,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signing.kid })
    .setJti(content.shareId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.ceil(content.expiresAtMs / 1000))
    .sign(signing.key);
}

const Payload = z.extend(ShareTokenClaims, {
  exp: ShareTokenClaims.shape.exp.def.innerType,
  jti: ShareId,
});

function targetOf(claims: z.infer<typeof Payload>): ShareTarget | null {
  const journey = claims.JourneyStart !== undefined || claims.JourneyEnd !== undefined;
  if (claims.ActivityId !== undefined) {
    return journey ? null : { kind: 'activity', activityId: claims.ActivityId };
  }
  if (claims.JourneyStart === undefined || claims.JourneyEnd === undefined) return null;
  return { kind: 'journey', startMs: claims.JourneyStart, endMs: claims.JourneyEnd };
}

/** jose's own failures (bad signature, expired, malformed): the token is simply not valid. */
function isTokenFailure(error: unknown): boolean {
  return error instanceof errors.JOSEError || error instanceof TypeError;
}

/**
 * Reads a token whose signature (by the key its `kid` names), issuer, audience and expiry (`exp`
 * after `nowMs`, epoch ms) check out and whose claims have the expected shape; null for any other
 * token. Does not look at the share itself (see {@link verifyShareToken}). Throws only when a key
 * cannot be read (database errors).
 */
export async function readShareToken(
  token: string,
  keyring: ShareKeyring,
  nowMs: number,
): Promise<ShareTokenContent | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  let kid: unknown;
  try {
    kid = decodeProtectedHeader(token).kid;
  } catch (error) {
    if (isTokenFailure(error)) return null;
    throw error;
  }
  const key = typeof kid === 'string' ? await keyring.byId(kid) : null;
  if (!key) return null;
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'jti'],
      currentDate: new Date(nowMs),
    }));
  } catch (error) {
    if (isTokenFailure(error)) return null;
    throw error;
  }
  const claims = Payload.safeParse(payload);
  if (!claims.success) return null;
  const target = targetOf(claims.data);
  if (!target) return null;
  return {
    shareId: claims.data.jti,
    c2Url: claims.data.C2Url,
    memberId: claims.data.MemberID,
    clientId: claims.data.ClientID,
    wearerId: claims.data.WearerID,
    target,
    expiresAtMs: claims.data.exp * 1000,
  };
}

const textDecoder = new TextDecoder();

/**
 * The share id (`jti`) of `token` when it is a share token signed by this server: its HS256 signature
 * checks out with the key its `kid` names, among the keys `keyring` already holds
 * ({@link ShareKeyring.known}: no database), and its `iss`, `aud` and `jti` are a share token's (a
 * viewer's TOTP pass, signed with the same keys, is not one). Null for anything else, a key not read
 * yet by this process included. Deliberately not checked: expiry and the share row (revoked,
 * deleted) — the answer says who signed the token, not whether it opens anything, so it reveals
 * nothing the token does not show. For the rate limit of the share calls
 * (server/shares/shareRateLimit.ts), which runs before a request is verified. Never throws.
 */
export async function signedShareIdOf(
  token: unknown,
  keyring: ShareKeyring,
): Promise<string | null> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const { kid } = decodeProtectedHeader(token);
    const key = typeof kid === 'string' ? keyring.known(kid) : null;
    if (!key) return null;
    const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
    const claims: unknown = JSON.parse(textDecoder.decode(payload));
    if (typeof claims !== 'object' || claims === null) return null;
    const { iss, aud, jti } = claims as Record<string, unknown>;
    if (iss !== ISSUER || aud !== AUDIENCE) return null;
    const shareId = ShareId.safeParse(jti);
    return shareId.success ? shareId.data : null;
  } catch {
    // jose's failures, malformed JSON: not a token of ours.
    return null;
  }
}

/**
 * Whether a token's target (`claimed`) still names the share row's (`stored`): a journey's window is
 * fixed, so it must be the same; an activity share must still be one, but its activity may differ —
 * late fixes that merged the token's activity into the one before it moved the share there
 * (server/telemetry/mergedActivities.ts), and the row, reached by the token's signed random share
 * id, is what the link opens now.
 */
function sameTarget(stored: ShareTarget, claimed: ShareTarget): boolean {
  if (stored.kind === 'activity') return claimed.kind === 'activity';
  return (
    claimed.kind === 'journey' &&
    stored.startMs === claimed.startMs &&
    stored.endMs === claimed.endMs
  );
}

/** What {@link verifyShareToken} needs besides the token. */
export interface VerifyShareOptions {
  readonly keyring: ShareKeyring;
  /** The viewer's one-time code (the link's `totp` value, `ShareTotp`), if any. */
  readonly totp?: string | undefined;
  /** The viewer's TOTP pass of the token's share, if any (taken when there is no code). */
  readonly passOf?: SharePassOf | undefined;
  /** Epoch ms. */
  readonly nowMs: number;
  /** Wrong codes per share; without it codes are not throttled (tests of the check alone). */
  readonly totpFailures?: TotpFailures;
}

/**
 * Verifies a share token for a viewer (ARCHITECTURE.md §5 "every public share route checks the share
 * token's signature, expiry/revocation and TOTP"): {@link readShareToken}, then the share row must
 * exist for the token's member (not deleted) with the same target (an activity share: an activity,
 * whichever the share row now names, and the answer carries the row's), not be revoked, and its stored
 * expiry lie after `nowMs`; a share with a TOTP secret also needs `totp` to be its current code
 * (±1 step) while the share is not locked by too many wrong codes (a missing code fails without
 * counting as one), or a valid pass of that share (`passOf`; sharePass.ts), which wins over any code. Any
 * failure answers the same null
 * (no oracle). Throws only when the database cannot be read.
 */
export async function verifyShareToken(
  db: Db,
  token: string,
  options: VerifyShareOptions,
): Promise<VerifiedShare | null> {
  const content = await readShareToken(token, options.keyring, options.nowMs);
  if (!content) return null;
  const share = await findLiveMemberShare(db, content.shareId);
  if (
    !share ||
    share.memberId !== content.memberId ||
    !sameTarget(share.target, content.target) ||
    share.revokedAtMs !== null ||
    share.expiresAtMs <= options.nowMs
  ) {
    return null;
  }
  // What the share opens now: its row's target (an activity merged since the token was made moved it).
  const verified = { ...content, target: share.target, expiresAtMs: share.expiresAtMs };
  if (share.totpSecret === null) return verified;
  // A valid pass opens the share whatever code comes with it: the page keeps sending the link's
  // code, long stale, and that is no guess.
  const pass = options.passOf?.(share.shareId);
  if (
    pass !== undefined &&
    (await checkSharePass(options.keyring, pass, share.shareId, options.nowMs))
  ) {
    return verified;
  }
  // No code is no guess either: only a wrong code counts towards the share's lock.
  const failures = options.totpFailures;
  if (options.totp === undefined || failures?.locked(share.shareId, options.nowMs)) return null;
  if (!verifyTotp(share.totpSecret, options.totp, options.nowMs)) {
    failures?.record(share.shareId, options.nowMs);
    return null;
  }
  return { ...verified, totpCodeChecked: true };
}

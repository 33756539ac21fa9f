import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { ShareKeyring } from './shareKeys';

/*
 * The TOTP pass of a share viewer (issue 8 item 1; docs/shares.md "TOTP shares"). A share that needs
 * a one-time code opens with `ShareTotp` on activity-sharing (app §7), but the viewer's other calls
 * (message-send, alert-add-note, alert-resolve-pause, shared-journey-activity) and the socket's
 * verify-socket-user carry no code, and a code lives 30 s. Once a code checked out, the server hands
 * the browser a pass for that one share: an HS256 JWT (the share keyring's current key, its own
 * audience) in an HttpOnly, SameSite=Strict cookie. A call without a code then opens the share with
 * the pass; the share's revocation and expiry are checked on every call as before.
 */

const AUDIENCE = 'share-totp-pass';
/** How long a pass lasts, ms, at most (never past the share's expiry): a day of watching. */
export const SHARE_PASS_TTL_MS = 12 * 60 * 60 * 1000;
/** The cookie path: the API only (share calls and verify-socket-user live under it). */
export const SHARE_PASS_COOKIE_PATH = '/api/';
/** Longest pass read at all, characters (a real one is about 200). */
const MAX_PASS_LENGTH = 1024;

/** The cookie holding the pass of share `shareId` (base64url, so a valid cookie name). */
export function sharePassCookieName(shareId: string): string {
  return `share_pass_${shareId}`;
}

/** A pass to set: the cookie's value and its lifetime, seconds. */
export interface IssuedSharePass {
  readonly value: string;
  readonly maxAgeS: number;
}

/**
 * The pass of share `shareId` for a viewer whose code just checked out, lasting
 * {@link SHARE_PASS_TTL_MS} from `nowMs` but never past `shareExpiresAtMs` (epoch ms). Throws only when
 * the signing key cannot be read (database errors).
 */
export async function issueSharePass(
  keyring: ShareKeyring,
  shareId: string,
  shareExpiresAtMs: number,
  nowMs: number,
): Promise<IssuedSharePass> {
  const expiresAtMs = Math.min(nowMs + SHARE_PASS_TTL_MS, shareExpiresAtMs);
  const signing = await keyring.signing();
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signing.kid })
    .setSubject(shareId)
    .setAudience(AUDIENCE)
    .setExpirationTime(Math.floor(expiresAtMs / 1000))
    .sign(signing.key);
  return { value, maxAgeS: Math.max(0, Math.floor((expiresAtMs - nowMs) / 1000)) };
}

/**
 * Whether `pass` is a valid, unexpired (at `nowMs`, epoch ms) pass of share `shareId`. False for
 * anything else, a pass of another share included. Throws only when a key cannot be read.
 */
export async function checkSharePass(
  keyring: ShareKeyring,
  pass: string,
  shareId: string,
  nowMs: number,
): Promise<boolean> {
  if (pass.length > MAX_PASS_LENGTH) return false;
  try {
    const { kid } = decodeProtectedHeader(pass);
    const key = typeof kid === 'string' ? await keyring.byId(kid) : null;
    if (!key) return false;
    const { payload } = await jwtVerify(pass, key, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      subject: shareId,
      requiredClaims: ['exp', 'sub'],
      currentDate: new Date(nowMs),
    });
    return payload.sub === shareId;
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return false;
    throw error;
  }
}

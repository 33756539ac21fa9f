import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { base32Decode, base32Encode } from './base32';

/*
 * One-time codes of shares that require one (issue 8 item 1: the `totp` query value of
 * /share/activity/{shareToken}, spec app §2; `ShareTotp` of activity-sharing, §7): HOTP (RFC 4226)
 * over time steps (RFC 6238), with node:crypto only.
 */

/** Length of a time step, s (RFC 6238's default, what authenticator apps use). */
export const TOTP_STEP_S = 30;
/** Digits of a share's code (authenticator apps' default). */
export const TOTP_DIGITS = 6;
/** Steps either side of the current one a code may come from (clock drift, typing time). */
export const TOTP_WINDOW_STEPS = 1;
/** Bytes of a new share TOTP secret (160 bits, the HMAC-SHA-1 block RFC 4226 §4 recommends). */
export const TOTP_SECRET_BYTES = 20;

/** The HMAC of a code: SHA-1 is what authenticator apps assume; RFC 6238 also names the others. */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

/**
 * The HOTP value (RFC 4226 §5.3) of `secret` at `counter` (a non-negative integer below 2^53), as
 * `digits` decimal digits with leading zeros.
 */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits: number = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, secret).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * The TOTP value (RFC 6238 §4) of `secret` at `timeMs` (epoch **ms**): the HOTP of the time step
 * `floor(timeMs / 1000 / stepS)`.
 */
export function totp(
  secret: Uint8Array,
  timeMs: number,
  options: { digits?: number; algorithm?: TotpAlgorithm; stepS?: number } = {},
): string {
  const step = Math.floor(timeMs / 1000 / (options.stepS ?? TOTP_STEP_S));
  return hotp(secret, step, options.digits ?? TOTP_DIGITS, options.algorithm ?? 'sha1');
}

/**
 * Whether `code` is the 6-digit TOTP of the base32 `secret` at `nowMs` (epoch ms) or at one step
 * before or after it ({@link TOTP_WINDOW_STEPS}). False, never an error, for a malformed code or
 * secret; codes are compared in constant time.
 */
export function verifyTotp(secretBase32: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  let secret: Uint8Array;
  try {
    secret = base32Decode(secretBase32);
  } catch {
    return false;
  }
  if (secret.length === 0) return false;
  const given = Buffer.from(code);
  let matched = false;
  for (let delta = -TOTP_WINDOW_STEPS; delta <= TOTP_WINDOW_STEPS; delta += 1) {
    const expected = Buffer.from(totp(secret, nowMs + delta * TOTP_STEP_S * 1000));
    // No early exit: every step is computed and compared, whatever matched.
    if (timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}

/** A new random share TOTP secret: {@link TOTP_SECRET_BYTES} bytes as unpadded base32 (32 chars). */
export function createTotpSecret(): string {
  return base32Encode(randomBytes(TOTP_SECRET_BYTES));
}

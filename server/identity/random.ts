import { createHash } from 'node:crypto';
import type { RandomSource } from './context';

/** A version-4 UUID (lowercase, hyphenated) from 16 bytes of `random`: a user's `sub`, a `jti`. */
export function randomUuid(random: RandomSource): string {
  const bytes = random(16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Whether `value` looks like a UUID (how a `sub` given as a username is told from an email). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

const CODE_SPACE = 1_000_000;
/** The largest multiple of 10^6 below 2^32: draws at or above it are rejected so digits stay uniform. */
const CODE_REJECT_AT = Math.floor(0x1_0000_0000 / CODE_SPACE) * CODE_SPACE;

/** Six uniformly random decimal digits, e.g. `'042917'` (identity-protocol.md §6 "Code validity"). */
export function randomDigits(random: RandomSource): string {
  for (;;) {
    const value = random(4).readUInt32BE(0);
    if (value < CODE_REJECT_AT) return String(value % CODE_SPACE).padStart(6, '0');
  }
}

/** `bytes` random bytes as base64url without padding: refresh tokens, SRP sessions, client ids. */
export function randomToken(random: RandomSource, bytes: number): string {
  return random(bytes).toString('base64url');
}

/** SHA-256 of `value` (UTF-8), hex: how refresh tokens, codes and SRP sessions are stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/*
 * Base32 (RFC 4648 §6, alphabet A–Z 2–7): how TOTP secrets are written for authenticator apps
 * (the `secret` of an otpauth:// URI). Only the share TOTP uses it (server/shares/totp.ts).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Thrown by {@link base32Decode} for text that is not base32. */
export class Base32Error extends Error {
  override readonly name = 'Base32Error';
}

/**
 * Encodes `bytes` as upper-case base32 **without** `=` padding (authenticator apps' form), e.g.
 * `foobar` → `MZXW6YTBOI`.
 */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET.charAt((buffer >>> bits) & 31);
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET.charAt((buffer << (5 - bits)) & 31);
  return out;
}

/**
 * Decodes base32 text, case-insensitive, with or without trailing `=` padding. Throws
 * {@link Base32Error} on any other character.
 */
export function base32Decode(text: string): Uint8Array {
  const clean = text.replace(/=+$/, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of clean) {
    const value = ALPHABET.indexOf(character);
    if (value < 0) throw new Base32Error(`not base32: ${JSON.stringify(character)}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >>> bits) & 0xff);
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

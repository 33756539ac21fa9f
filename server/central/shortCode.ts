import { randomBytes } from 'node:crypto';

/*
 * The codes of short links (app §2 /go/{code}, §3 "Short URL"; docs/shares.md "Short links"). A code
 * opens a share link, token and all, so it must be as hard to guess as a password: random codes carry
 * about 70 bits, and a member's vanity stub always gets a random suffix of about 47 bits.
 */

/** Base58 (Bitcoin's alphabet): letters and digits without 0, O, I and l, which read alike. */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Length of a random code, characters: 58^12 ≈ 1.4 × 10^21 (≈ 70 bits). */
export const RANDOM_CODE_LENGTH = 12;

/** Length of the random suffix after a vanity stub, characters: 58^8 ≈ 1.3 × 10^14 (≈ 47 bits). */
export const VANITY_SUFFIX_LENGTH = 8;

/** Longest code the contract accepts (src/api/calls/central.ts getShortUrl), characters. */
export const MAX_CODE_LENGTH = 64;

/** What a code of this server can look like: letters, digits and dashes, 1–64 characters. */
const CODE_SHAPE = /^[A-Za-z0-9-]{1,64}$/;

/**
 * `length` characters of {@link BASE58} from `crypto.randomBytes`, each uniform: bytes of 232 or more
 * (232 = 4 × 58) are drawn again rather than folded, which would favour the first characters.
 */
export function randomBase58(length: number): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 232 && code.length < length) code += BASE58.charAt(byte % 58);
    }
  }
  return code;
}

/**
 * A new code: {@link RANDOM_CODE_LENGTH} random base58 characters, or, with a vanity stub (already
 * validated by the contract's `VanityCode`: letters, digits, inner dashes, 1–30 characters), the stub
 * in lower case, a dash and {@link VANITY_SUFFIX_LENGTH} random characters (`bobs-trip-7Hq2xKpa`).
 */
export function newShortCode(vanity: string | null): string {
  return vanity === null
    ? randomBase58(RANDOM_CODE_LENGTH)
    : `${vanity.toLowerCase()}-${randomBase58(VANITY_SUFFIX_LENGTH)}`;
}

/** Whether `code` has the shape of a code this server makes (no database lookup for anything else). */
export function isShortCodeShaped(code: string): boolean {
  return CODE_SHAPE.test(code);
}

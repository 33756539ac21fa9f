import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The server side of SRP-6a exactly as amazon-cognito-identity-js 6.x computes the client side
 * (identity-protocol.md §3). Numbers are `bigint`; every value that is hashed goes through
 * {@link padHex} first, because that is what the client hashes.
 */

/** The RFC 3526 §4 3072-bit MODP prime, the group `N` of identity-protocol.md §3 "Definitions". */
export const SRP_N = BigInt(
  '0x' +
    'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
    'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
    'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
    '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
    'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
    '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
    'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
    'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF',
);

/** The generator `g = 2` (identity-protocol.md §3 "Definitions"). */
export const SRP_G = 2n;

/** The HKDF `info` of the password key (identity-protocol.md §3 "Key"). */
const KEY_INFO = 'Caldera Derived Key';
/** Length of the derived password key, bytes (identity-protocol.md §3 "Key": L = 16). */
const KEY_BYTES = 16;

/**
 * The client's `padHex(x)` for x ≥ 0 (identity-protocol.md §3 "padHex"): the minimal two's-complement
 * big-endian hex of `x`, lowercase — odd length gets a leading `0`, then a leading `00` when the first
 * nibble is 8–f. Not RFC 5054's pad to |N|. Throws on a negative value (never occurs in the protocol).
 */
export function padHex(value: bigint): string {
  if (value < 0n) throw new RangeError('padHex: negative value');
  const hex = value.toString(16);
  if (hex.length % 2 === 1) return `0${hex}`;
  return /^[89a-f]/.test(hex) ? `00${hex}` : hex;
}

/** Parses a hex string (any case, no prefix) into a bigint; throws when it is not hex or is empty. */
export function hexToBigInt(hex: string): bigint {
  if (!/^[0-9a-fA-F]+$/.test(hex)) throw new RangeError('not a hex string');
  return BigInt(`0x${hex}`);
}

/** SHA-256 of the bytes a hex string encodes, as 64 lowercase hex digits (the client's `hexHash`). */
export function hashHex(hex: string): string {
  return createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');
}

/** SHA-256 of the UTF-8 bytes of `text`, as 64 lowercase hex digits (the client's `hash`). */
export function hashUtf8(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * `base^exponent mod modulus` by left-to-right square-and-multiply with a 4-bit window, for
 * non-negative bigints. About 6 ms for a 256-bit exponent over the 3072-bit N (identity-protocol §3
 * "Cost").
 */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  if (modulus === 1n) return 0n;
  const b = ((base % modulus) + modulus) % modulus;
  const table: bigint[] = [1n, b];
  for (let i = 2; i < 16; i += 1) table.push(((table[i - 1] ?? 1n) * b) % modulus);
  const hex = exponent.toString(16);
  let result = 1n;
  for (const digit of hex) {
    result = (result * result) % modulus;
    result = (result * result) % modulus;
    result = (result * result) % modulus;
    result = (result * result) % modulus;
    const nibble = Number.parseInt(digit, 16);
    if (nibble !== 0) result = (result * (table[nibble] ?? 1n)) % modulus;
  }
  return result;
}

/** `k = H(padHex(N) ‖ padHex(g))` (identity-protocol.md §3: 538282c4…9ee6). */
export const SRP_K = hexToBigInt(hashHex(padHex(SRP_N) + padHex(SRP_G)));

/**
 * The private value `x = H(padHex(salt) ‖ H_utf8(poolName ‖ userId ‖ ":" ‖ password))`
 * (identity-protocol.md §3 "Client side"). `salt` is taken as an integer, as the client re-parses the
 * SALT hex it receives; `userId` is USER_ID_FOR_SRP (the user's UUID), `poolName` the pool id's part
 * after `_`.
 */
export function computeX(salt: bigint, poolName: string, userId: string, password: string): bigint {
  const inner = hashUtf8(`${poolName}${userId}:${password}`);
  return hexToBigInt(hashHex(padHex(salt) + inner));
}

/** The password verifier `v = g^x mod N` stored in place of the password (identity-protocol.md §3). */
export function computeVerifier(
  salt: bigint,
  poolName: string,
  userId: string,
  password: string,
): bigint {
  return modPow(SRP_G, computeX(salt, poolName, userId, password), SRP_N);
}

/** The server's public value `B = (k·v + g^b) mod N` (identity-protocol.md §3 "On InitiateAuth"). */
export function computeServerPublic(verifier: bigint, b: bigint): bigint {
  return (SRP_K * verifier + modPow(SRP_G, b, SRP_N)) % SRP_N;
}

/** The scrambler `u = H(padHex(A) ‖ padHex(B))` as an integer (identity-protocol.md §3). */
export function computeU(clientPublic: bigint, serverPublic: bigint): bigint {
  return hexToBigInt(hashHex(padHex(clientPublic) + padHex(serverPublic)));
}

/** The shared secret on the server side, `S = (A · v^u)^b mod N` (identity-protocol.md §3). */
export function computeServerSecret(
  clientPublic: bigint,
  verifier: bigint,
  u: bigint,
  b: bigint,
): bigint {
  return modPow((clientPublic * modPow(verifier, u, SRP_N)) % SRP_N, b, SRP_N);
}

/**
 * The 16-byte password key: HKDF-SHA256 with IKM = bytes(padHex(S)), salt = bytes(padHex(u)),
 * info "Caldera Derived Key" (identity-protocol.md §3 "Key").
 */
export function derivePasswordKey(secret: bigint, u: bigint): Buffer {
  const ikm = Buffer.from(padHex(secret), 'hex');
  const salt = Buffer.from(padHex(u), 'hex');
  return Buffer.from(hkdfSync('sha256', ikm, salt, KEY_INFO, KEY_BYTES));
}

/**
 * PASSWORD_CLAIM_SIGNATURE as the client computes it: base64(HMAC-SHA256(key, utf8(poolName) ‖
 * utf8(userId) ‖ base64decode(secretBlock) ‖ utf8(timestamp))) (identity-protocol.md §3).
 */
export function passwordClaimSignature(
  key: Buffer,
  poolName: string,
  userId: string,
  secretBlock: string,
  timestamp: string,
): string {
  return createHmac('sha256', key)
    .update(Buffer.from(poolName, 'utf8'))
    .update(Buffer.from(userId, 'utf8'))
    .update(Buffer.from(secretBlock, 'base64'))
    .update(Buffer.from(timestamp, 'utf8'))
    .digest('base64');
}

/** Whether two base64 signatures are equal, compared in constant time over their decoded bytes. */
export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'base64');
  const b = Buffer.from(received, 'base64');
  return a.length === b.length && timingSafeEqual(a, b);
}

import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The stored form of a device's 6-digit activation code (policy §3 "Device", §9): hex SHA-256 of
 * `<imei>:<code>`. The IMEI salts it, so equal codes of different devices hash differently. A 6-digit
 * code has only 10^6 values, so the hash protects against casual reading, not an offline search;
 * online guessing is what matters and it is limited per member (activationAttempts.ts).
 */
export function hashActivationCode(imei: string, code: string): string {
  return createHash('sha256').update(`${imei}:${code}`, 'utf8').digest('hex');
}

/**
 * Whether `code` is the activation code of the device `imei` whose stored hash is `storedHash`
 * (null: the device has no code and cannot be activated). Compared in constant time.
 */
export function activationCodeMatches(
  storedHash: string | null,
  imei: string,
  code: string,
): boolean {
  if (storedHash === null) return false;
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashActivationCode(imei, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

import { timingSafeEqual } from 'node:crypto';
import { characterCount } from '../../src/api/validation/messages';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordChecklist,
  passwordContainsPersonalData,
  type PersonalData,
} from '../../src/api/validation/password';
import type { RandomSource } from './context';
import { IdentityError } from './errors';
import { computeVerifier, hexToBigInt, padHex } from './srp';

/** Bytes of a new SRP salt (identity-protocol.md §3 "Verifier at registration"). */
const SALT_BYTES = 16;

function policyError(problem: string): IdentityError {
  return new IdentityError(
    'InvalidPasswordException',
    `Password did not conform with policy: ${problem}`,
  );
}

/**
 * The pool's password policy, the spec's rule (application-behaviour §5 "Password", shared with the
 * SPA through src/api/validation/password.ts): 8 to 99 characters, no whitespace, at least one
 * lowercase, uppercase, digit and symbol. Throws InvalidPasswordException with Cognito's wording
 * ("Password did not conform with policy: Password not long enough", "… must have uppercase
 * characters", identity-protocol.md §6 "Password policy"), the first failing rule only. Beyond
 * Cognito, policy §5: a password holding the user's name or e-mail (`personal`) is refused too.
 */
export function checkPasswordPolicy(password: string, personal: PersonalData = {}): void {
  const checks = passwordChecklist(password);
  const length = characterCount(password);
  if (length < PASSWORD_MIN_LENGTH) throw policyError('Password not long enough');
  if (length > PASSWORD_MAX_LENGTH) throw policyError('Password is too long');
  if (!checks.noSpaces) throw policyError('Password must not contain spaces');
  if (!checks.lowercase) throw policyError('Password must have lowercase characters');
  if (!checks.uppercase) throw policyError('Password must have uppercase characters');
  if (!checks.digit) throw policyError('Password must have numeric characters');
  if (!checks.special) throw policyError('Password must have symbol characters');
  if (passwordContainsPersonalData(password, personal)) {
    throw policyError('Password must not contain the name or the e-mail address');
  }
}

/** The stored form of a password: hex of the salt integer and of the verifier. */
export interface PasswordVerifier {
  readonly srp_salt: string;
  readonly srp_verifier: string;
}

/**
 * A fresh salt (16 random bytes) and the SRP verifier `v = g^x mod N` of `password` for user `sub` in
 * pool `poolName` (identity-protocol.md §3 "Verifier at registration"); ~5 ms. The password itself is
 * never stored.
 */
export function newPasswordVerifier(
  random: RandomSource,
  poolName: string,
  sub: string,
  password: string,
): PasswordVerifier {
  const salt = hexToBigInt(random(SALT_BYTES).toString('hex'));
  return {
    srp_salt: padHex(salt),
    srp_verifier: padHex(computeVerifier(salt, poolName, sub, password)),
  };
}

/**
 * Whether `password` is the user's password: recomputes the verifier with the stored salt and compares
 * it with the stored one in constant time (ChangePassword's PreviousPassword).
 */
export function passwordMatches(
  stored: PasswordVerifier,
  poolName: string,
  sub: string,
  password: string,
): boolean {
  const computed = padHex(computeVerifier(hexToBigInt(stored.srp_salt), poolName, sub, password));
  const a = Buffer.from(computed, 'hex');
  const b = Buffer.from(padHex(hexToBigInt(stored.srp_verifier)), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

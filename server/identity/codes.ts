import { timingSafeEqual } from 'node:crypto';
import type { IdentityCodesTable } from '../db/schema';
import type { RandomSource } from './context';
import { IdentityError, MESSAGES } from './errors';
import { randomDigits, sha256Hex } from './random';
import type { Trx } from './users';

/** What a one-time code is for. */
export type CodePurpose = IdentityCodesTable['purpose'];

const HOUR_MS = 60 * 60_000;

/**
 * How long each kind of code is valid, ms (identity-protocol.md §6 "Code validity"): sign-up and
 * attribute verification 24 h, forgot-password 1 h.
 */
export const CODE_LIFETIME_MS: Readonly<Record<CodePurpose, number>> = {
  sign_up: 24 * HOUR_MS,
  verify_email: 24 * HOUR_MS,
  verify_phone_number: 24 * HOUR_MS,
  forgot_password: HOUR_MS,
  change_email: 24 * HOUR_MS,
};

function codeHash(sub: string, purpose: CodePurpose, code: string): string {
  return sha256Hex(`${sub}:${purpose}:${code}`);
}

/**
 * Creates a new six-digit code for `purpose`, replacing any earlier one (only the latest code of a
 * purpose is valid), and returns it to be sent. Stored as a SHA-256 hash with the `destination` it is
 * sent to and its expiry `nowMs + CODE_LIFETIME_MS[purpose]`.
 */
export async function issueCode(
  trx: Trx,
  random: RandomSource,
  sub: string,
  purpose: CodePurpose,
  destination: string,
  nowMs: number,
): Promise<string> {
  const code = randomDigits(random);
  const row = {
    code_hash: codeHash(sub, purpose, code),
    destination,
    created_ms: nowMs,
    expires_ms: nowMs + CODE_LIFETIME_MS[purpose],
  };
  await trx
    .insertInto('identity_codes')
    .values({ sub, purpose, ...row })
    .onConflict((oc) => oc.columns(['sub', 'purpose']).doUpdateSet(row))
    .execute();
  return code;
}

/**
 * Checks `code` against the user's latest code for `purpose` and deletes it when it matches (single
 * use). Throws ExpiredCodeException "Invalid code provided, please request a code again." when there
 * is no code (never requested, already used) or it has expired, or when it was sent to a destination
 * other than `destination` (the attribute changed since); CodeMismatchException "Invalid verification
 * code provided, please try again." when it differs (the code stays valid).
 */
export async function consumeCode(
  trx: Trx,
  sub: string,
  purpose: CodePurpose,
  code: string,
  destination: string,
  nowMs: number,
): Promise<void> {
  const row = await trx
    .selectFrom('identity_codes')
    .select(['code_hash', 'destination', 'expires_ms'])
    .where('sub', '=', sub)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row || nowMs >= row.expires_ms || row.destination !== destination) {
    throw new IdentityError('ExpiredCodeException', MESSAGES.codeExpired);
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const received = Buffer.from(codeHash(sub, purpose, code), 'hex');
  if (!timingSafeEqual(expected, received)) {
    throw new IdentityError('CodeMismatchException', MESSAGES.codeMismatch);
  }
  await trx
    .deleteFrom('identity_codes')
    .where('sub', '=', sub)
    .where('purpose', '=', purpose)
    .execute();
}

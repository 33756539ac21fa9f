import type { Db } from '../db/database';
import { IdentityError, MESSAGES } from './errors';
import { withLockedUser } from './users';

/**
 * Per-user attempts allowed per rolling hour (identity-protocol.md §6 "Per-user rate limits"):
 * Cognito's numbers, with ConfirmForgotPassword at 10 (Cognito: 5–20 by risk). ForgotPassword and
 * VerifyUserAttribute are our additions: the first sends mail to a known address, the second checks a
 * six-digit code and would otherwise allow guessing. ChangeEmailRequest/ChangeEmailConfirm limit the
 * auth host's two-step e-mail change the same way.
 */
export const PER_HOUR_LIMITS = {
  ResendConfirmationCode: 5,
  ConfirmSignUp: 15,
  ChangePassword: 5,
  GetUserAttributeVerificationCode: 5,
  ConfirmForgotPassword: 10,
  ForgotPassword: 5,
  VerifyUserAttribute: 15,
  ChangeEmailRequest: 5,
  ChangeEmailConfirm: 15,
} as const;

/** An operation with a per-user hourly limit. */
export type LimitedOperation = keyof typeof PER_HOUR_LIMITS;

const HOUR_MS = 60 * 60_000;

/**
 * Counts one attempt of `operation` by user `sub` at `nowMs`, or throws LimitExceededException
 * "Attempt limit exceeded, please try after some time." when the last hour already holds the limit
 * (the refused attempt is not counted). Committed on its own, before the operation runs, so failed
 * attempts count too; serialised per user by the row lock.
 */
export async function countAttempt(
  db: Db,
  sub: string,
  operation: LimitedOperation,
  nowMs: number,
): Promise<void> {
  const allowed = await withLockedUser(db, sub, async (trx) => {
    await trx
      .deleteFrom('identity_attempts')
      .where('sub', '=', sub)
      .where('operation', '=', operation)
      .where('at_ms', '<=', nowMs - HOUR_MS)
      .execute();
    const { n } = await trx
      .selectFrom('identity_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sub', '=', sub)
      .where('operation', '=', operation)
      .executeTakeFirstOrThrow();
    if (n >= PER_HOUR_LIMITS[operation]) return false;
    await trx.insertInto('identity_attempts').values({ sub, operation, at_ms: nowMs }).execute();
    return true;
  });
  if (!allowed) throw new IdentityError('LimitExceededException', MESSAGES.limitExceeded);
}

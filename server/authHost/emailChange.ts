import type { IdentityContext } from '../identity/context';
import { countAttempt } from '../identity/attemptLimits';
import { consumeCode, issueCode } from '../identity/codes';
import { adoptVerifiedEmail } from '../identity/emailAdoption';
import { sendCode } from '../identity/delivery';
import { IdentityError } from '../identity/errors';
import { isUniqueViolation, withLockedUser } from '../identity/users';
import type { Db } from '../db/database';
import { checkEmail } from './emailAvailability';

/** Why step 2 failed (spec §8 Email.Errors.UpdateEmail_{ErrorCode or Other}). */
export type EmailChangeFailure = 'CODE_EXPIRED' | 'CODE_INVALID' | 'EMAIL_NOT_AVAILABLE';

/** An e-mail is free for a change when no verified account holds it (spec §5). */
async function available(db: Db, email: string, sub: string): Promise<boolean> {
  const owner = await db
    .selectFrom('identity_users')
    .select('sub')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  if (owner?.sub === sub) return false;
  const check = await checkEmail(db, email);
  return !(check.EmailFound && check.UserVerified);
}

/**
 * Step 1 of the e-mail change (spec §4 "Email change: two steps"): when the new address is free, a
 * 6-digit code valid 24 h goes to it, in the member's language for messages; false when it is
 * taken. At most 5 requests per hour (LimitExceededException). Works on the local identity pool.
 */
export async function requestEmailChange(
  ctx: IdentityContext,
  sub: string,
  newEmail: string,
): Promise<boolean> {
  const email = newEmail.trim();
  if (!(await available(ctx.db, email, sub))) return false;
  await countAttempt(ctx.db, sub, 'ChangeEmailRequest', ctx.now());
  const code = await withLockedUser(ctx.db, sub, (trx) =>
    issueCode(trx, ctx.random, sub, 'change_email', email.toLowerCase(), ctx.now()),
  );
  // The member's "language for messages and e-mails" (spec §3 LanguageCode).
  const member = await ctx.db
    .selectFrom('members')
    .select('language_code')
    .where('identity_sub', '=', sub)
    .executeTakeFirst();
  await sendCode(ctx, 'change_email', email, code, member?.language_code ?? null);
  return true;
}

/**
 * Step 2: the code sent to `newEmail`. On success the identity's e-mail becomes the new, verified
 * address, and the member record follows (spec §4 "the email is updated in the session and the wearer
 * record" — the session by the client's token refresh). At most 15 attempts per hour.
 */
export async function confirmEmailChange(
  ctx: IdentityContext,
  sub: string,
  newEmail: string,
  code: string,
): Promise<{ ok: true } | { ok: false; reason: EmailChangeFailure }> {
  const email = newEmail.trim();
  await countAttempt(ctx.db, sub, 'ChangeEmailConfirm', ctx.now());
  if (!(await available(ctx.db, email, sub))) return { ok: false, reason: 'EMAIL_NOT_AVAILABLE' };
  try {
    await withLockedUser(ctx.db, sub, async (trx) => {
      await consumeCode(trx, sub, 'change_email', code, email.toLowerCase(), ctx.now());
      await adoptVerifiedEmail(trx, sub, email, ctx.now());
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof IdentityError && error.type === 'ExpiredCodeException') {
      return { ok: false, reason: 'CODE_EXPIRED' };
    }
    if (error instanceof IdentityError && error.type === 'CodeMismatchException') {
      return { ok: false, reason: 'CODE_INVALID' };
    }
    // Another account took the address between the check above and the update, or holds it
    // unverified from before migration 0026.
    if (
      isUniqueViolation(error) ||
      (error instanceof IdentityError && error.type === 'AliasExistsException')
    ) {
      return { ok: false, reason: 'EMAIL_NOT_AVAILABLE' };
    }
    throw error;
  }
}

import { countAttempt } from '../attemptLimits';
import { consumeCode, issueCode } from '../codes';
import { messageLanguageOf, sendCode } from '../delivery';
import { incorrectPassword, IdentityError } from '../errors';
import { NO_LOCKOUT } from '../lockout';
import { checkPasswordPolicy, newPasswordVerifier, passwordMatches } from '../password';
import { ChangePasswordRequest, ConfirmForgotPasswordRequest, UsernameRequest } from '../schemas';
import { authenticateAccessToken } from '../tokens';
import { lockoutColumns, personalDataOf, requireUser, withLockedUser } from '../users';
import { defineOperation, requireClient } from './operation';

/**
 * `ForgotPassword` (identity-protocol.md §2 "Forgot password"): `{ClientId, Username, ClientMetadata}`
 * → `{CodeDeliveryDetails}`. E-mails a password reset code valid 1 h to the user's verified email.
 * Errors: UserNotFoundException, InvalidParameterException when the email is not verified,
 * LimitExceededException (5 per hour, our addition).
 */
export const forgotPassword = defineOperation(UsernameRequest, async (ctx, input) => {
  requireClient(ctx, input.ClientId);
  const user = await requireUser(ctx.db, input.Username);
  if (!user.email_verified) {
    throw new IdentityError(
      'InvalidParameterException',
      'Cannot reset password for the user as there is no registered/verified email or phone_number',
    );
  }
  const now = ctx.now();
  await countAttempt(ctx.db, user.sub, 'ForgotPassword', now);
  const code = await withLockedUser(ctx.db, user.sub, (trx, locked) =>
    issueCode(trx, ctx.random, locked.sub, 'forgot_password', locked.email, now),
  );
  return {
    CodeDeliveryDetails: await sendCode(
      ctx,
      'forgot_password',
      user.email,
      code,
      messageLanguageOf(input.ClientMetadata),
    ),
  };
});

/**
 * `ConfirmForgotPassword` (identity-protocol.md §2 "Confirm new password"): `{ClientId, Username,
 * ConfirmationCode, Password, ClientMetadata}` → `{}`. Replaces the SRP salt and verifier and clears
 * the password lockout (a proven owner of the mailbox starts afresh; Cognito does not document this).
 * Sessions are not revoked, as in Cognito. Errors: UserNotFoundException, InvalidPasswordException,
 * LimitExceededException (10 per hour), CodeMismatchException, ExpiredCodeException (1 h).
 */
export const confirmForgotPassword = defineOperation(
  ConfirmForgotPasswordRequest,
  async (ctx, input) => {
    requireClient(ctx, input.ClientId);
    const user = await requireUser(ctx.db, input.Username);
    checkPasswordPolicy(input.Password, personalDataOf(user));
    const now = ctx.now();
    await countAttempt(ctx.db, user.sub, 'ConfirmForgotPassword', now);
    await withLockedUser(ctx.db, user.sub, async (trx, locked) => {
      await consumeCode(
        trx,
        locked.sub,
        'forgot_password',
        input.ConfirmationCode,
        locked.email,
        now,
      );
      await trx
        .updateTable('identity_users')
        .set({
          ...newPasswordVerifier(ctx.random, ctx.pool.poolName, locked.sub, input.Password),
          ...lockoutColumns(NO_LOCKOUT),
          updated_ms: now,
        })
        .where('sub', '=', locked.sub)
        .execute();
    });
    return {};
  },
);

/**
 * `ChangePassword` (identity-protocol.md §2 "Change password"): `{PreviousPassword, ProposedPassword,
 * AccessToken, ClientMetadata}` → `{}`. Errors: NotAuthorizedException (token, or "Incorrect username
 * or password." for a wrong previous password — not counted toward the sign-in lockout),
 * InvalidPasswordException, LimitExceededException (5 per hour).
 */
export const changePassword = defineOperation(ChangePasswordRequest, async (ctx, input) => {
  const user = await authenticateAccessToken(ctx, input.AccessToken);
  checkPasswordPolicy(input.ProposedPassword, personalDataOf(user));
  const now = ctx.now();
  await countAttempt(ctx.db, user.sub, 'ChangePassword', now);
  await withLockedUser(ctx.db, user.sub, async (trx, locked) => {
    if (!passwordMatches(locked, ctx.pool.poolName, locked.sub, input.PreviousPassword)) {
      throw incorrectPassword();
    }
    await trx
      .updateTable('identity_users')
      .set({
        ...newPasswordVerifier(ctx.random, ctx.pool.poolName, locked.sub, input.ProposedPassword),
        updated_ms: now,
      })
      .where('sub', '=', locked.sub)
      .execute();
  });
  return {};
});

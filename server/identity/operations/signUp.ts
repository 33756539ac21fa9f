import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../src/api/validation/email';
import { parseAttributeChanges } from '../attributes';
import { countAttempt } from '../attemptLimits';
import { consumeCode, issueCode } from '../codes';
import { messageLanguageOf, sendCode } from '../delivery';
import { IdentityError, MESSAGES } from '../errors';
import { checkPasswordPolicy, newPasswordVerifier } from '../password';
import { randomUuid } from '../random';
import { ConfirmSignUpRequest, SignUpRequest, UsernameRequest } from '../schemas';
import { emailTaken, isUniqueViolation, requireUser, withLockedUser } from '../users';
import { defineOperation, requireClient } from './operation';

function usernameExists(): IdentityError {
  return new IdentityError('UsernameExistsException', MESSAGES.emailExists);
}

/**
 * `SignUp` (identity-protocol.md §2 "Sign-up"): `{ClientId, Username (the email), Password,
 * UserAttributes, ValidationData, ClientMetadata}` → `{UserConfirmed: false, UserSub, CodeDeliveryDetails}`.
 * Creates an UNCONFIRMED user with a new UUID `sub`, stores the SRP salt and verifier (never the
 * password) and e-mails a sign-up code valid 24 h. Errors: InvalidParameterException (not an email, an
 * `email` attribute other than the username, a bad attribute), InvalidPasswordException (policy),
 * UsernameExistsException "An account with the given email already exists.".
 */
export const signUp = defineOperation(SignUpRequest, async (ctx, input) => {
  requireClient(ctx, input.ClientId);
  const email = input.Username;
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) {
    throw new IdentityError('InvalidParameterException', 'Username should be an email.');
  }
  const attributes = parseAttributeChanges(input.UserAttributes ?? []);
  if (attributes.email !== undefined && attributes.email.toLowerCase() !== email.toLowerCase()) {
    throw new IdentityError(
      'InvalidParameterException',
      'The email attribute must be the same as the username.',
    );
  }
  checkPasswordPolicy(input.Password, {
    names: [attributes.given_name, attributes.family_name],
    email,
  });
  // Only a confirmed account holds its address: an unconfirmed sign-up of the same address is replaced
  // below (spec §5 "available if not found or not verified"), so nobody can pre-register another
  // person's e-mail with their own password and take the account over when its owner confirms it.
  if (await emailTaken(ctx.db, email, { confirmedOnly: true })) throw usernameExists();

  const sub = randomUuid(ctx.random);
  const verifier = newPasswordVerifier(ctx.random, ctx.pool.poolName, sub, input.Password);
  const now = ctx.now();
  let code: string;
  try {
    code = await ctx.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('identity_users')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .where('status', '=', 'UNCONFIRMED')
        .execute();
      await trx
        .insertInto('identity_users')
        .values({
          ...attributes,
          sub,
          email,
          status: 'UNCONFIRMED',
          ...verifier,
          created_ms: now,
          updated_ms: now,
        })
        .execute();
      return issueCode(trx, ctx.random, sub, 'sign_up', email, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameExists();
    throw error;
  }
  const CodeDeliveryDetails = await sendCode(
    ctx,
    'sign_up',
    email,
    code,
    messageLanguageOf(input.ClientMetadata),
  );
  return { UserConfirmed: false, UserSub: sub, CodeDeliveryDetails };
});

/**
 * `ConfirmSignUp` (identity-protocol.md §2 "Confirm sign-up"): `{ClientId, Username, ConfirmationCode,
 * ForceAliasCreation, ClientMetadata}` → `{}`. The sign-up code confirms the user and verifies the email.
 * Errors: UserNotFoundException, NotAuthorizedException "User cannot be confirmed. Current status is
 * CONFIRMED", LimitExceededException (15 per hour), CodeMismatchException, ExpiredCodeException (24 h).
 */
export const confirmSignUp = defineOperation(ConfirmSignUpRequest, async (ctx, input) => {
  requireClient(ctx, input.ClientId);
  const user = await requireUser(ctx.db, input.Username);
  const alreadyConfirmed = new IdentityError('NotAuthorizedException', MESSAGES.alreadyConfirmed);
  if (user.status === 'CONFIRMED') throw alreadyConfirmed;
  const now = ctx.now();
  await countAttempt(ctx.db, user.sub, 'ConfirmSignUp', now);
  await withLockedUser(ctx.db, user.sub, async (trx, locked) => {
    if (locked.status === 'CONFIRMED') throw alreadyConfirmed;
    await consumeCode(trx, locked.sub, 'sign_up', input.ConfirmationCode, locked.email, now);
    await trx
      .updateTable('identity_users')
      .set({ status: 'CONFIRMED', email_verified: true, updated_ms: now })
      .where('sub', '=', locked.sub)
      .execute();
  });
  return {};
});

/**
 * `ResendConfirmationCode` (identity-protocol.md §2 "Resend code"): `{ClientId, Username,
 * ClientMetadata}` → `{CodeDeliveryDetails}`. Replaces the sign-up code with a new one (24 h).
 * Errors: UserNotFoundException, InvalidParameterException "User is already confirmed.",
 * LimitExceededException (5 per hour).
 */
export const resendConfirmationCode = defineOperation(UsernameRequest, async (ctx, input) => {
  requireClient(ctx, input.ClientId);
  const user = await requireUser(ctx.db, input.Username);
  if (user.status === 'CONFIRMED') {
    throw new IdentityError('InvalidParameterException', 'User is already confirmed.');
  }
  const now = ctx.now();
  await countAttempt(ctx.db, user.sub, 'ResendConfirmationCode', now);
  const code = await withLockedUser(ctx.db, user.sub, (trx, locked) =>
    issueCode(trx, ctx.random, locked.sub, 'sign_up', locked.email, now),
  );
  return {
    CodeDeliveryDetails: await sendCode(
      ctx,
      'sign_up',
      user.email,
      code,
      messageLanguageOf(input.ClientMetadata),
    ),
  };
});

import { attributeList, parseAttributeChanges } from '../attributes';
import { adoptVerifiedEmail } from '../emailAdoption';
import { countAttempt } from '../attemptLimits';
import { consumeCode, issueCode, type CodePurpose } from '../codes';
import { messageLanguageOf, sendCode, type CodeDeliveryDetails } from '../delivery';
import { IdentityError, MESSAGES } from '../errors';
import {
  AccessTokenRequest,
  GetUserAttributeVerificationCodeRequest,
  UpdateUserAttributesRequest,
  VerifyUserAttributeRequest,
} from '../schemas';
import { authenticateAccessToken } from '../tokens';
import { emailTaken, isUniqueViolation, withLockedUser, type IdentityUser } from '../users';
import { defineOperation } from './operation';

/**
 * `GetUser` (identity-protocol.md §2 "Get attributes"): `{AccessToken}` → `{Username, UserAttributes}`,
 * Username the `sub`, attributes as strings (`email_verified: 'true'`). No MFA members (no MFA here).
 */
export const getUser = defineOperation(AccessTokenRequest, async (ctx, input) => {
  const user = await authenticateAccessToken(ctx, input.AccessToken);
  return { Username: user.sub, UserAttributes: attributeList(user) };
});

/**
 * `UpdateUserAttributes` (identity-protocol.md §2 "Update attributes"): `{AccessToken, UserAttributes,
 * ClientMetadata}` → `{CodeDeliveryDetailsList}`.
 *
 * Behaviour chosen for `email` (Cognito with AttributesRequireVerificationBeforeUpdate: email): the
 * new address is kept aside (`pending_email`) and a verification code is sent to it; the account keeps
 * its old, verified address — for signing in too — until VerifyUserAttribute proves the new one
 * (docs/decisions.md "An e-mail address changes once verified"). So no one can claim an address they
 * do not read: replacing it at once let any signed-in user hold another person's address, unverified,
 * and block its sign-up for good. `phone_number` (not unique) replaces the old value at once, its
 * `phone_number_verified` false and a code texted to it (spec §4 "Phone change sets phone-verified to
 * false until verified"). Writing the current value again changes nothing.
 * Errors: AliasExistsException when another user has the email, InvalidParameterException.
 */
export const updateUserAttributes = defineOperation(
  UpdateUserAttributesRequest,
  async (ctx, input) => {
    const user = await authenticateAccessToken(ctx, input.AccessToken);
    const changes = parseAttributeChanges(input.UserAttributes);
    const now = ctx.now();
    const aliasExists = new IdentityError('AliasExistsException', MESSAGES.emailExists);
    let codes: { purpose: CodePurpose; to: string; code: string }[];
    try {
      codes = await withLockedUser(ctx.db, user.sub, async (trx, locked) => {
        const newEmail =
          changes.email && changes.email.toLowerCase() !== locked.email.toLowerCase()
            ? changes.email
            : null;
        const phoneChanged =
          changes.phone_number !== undefined && changes.phone_number !== locked.phone_number;
        if (
          newEmail &&
          (await emailTaken(trx, newEmail, { exceptSub: locked.sub, confirmedOnly: true }))
        )
          throw aliasExists;
        // The address itself changes only once verified (verifyUserAttribute).
        const others = { ...changes };
        delete others.email;
        await trx
          .updateTable('identity_users')
          .set({
            ...others,
            // Asking for the current address again withdraws a pending change.
            ...(changes.email !== undefined ? { pending_email: newEmail } : {}),
            ...(phoneChanged ? { phone_number_verified: false } : {}),
            updated_ms: now,
          })
          .where('sub', '=', locked.sub)
          .execute();
        const issued: { purpose: CodePurpose; to: string; code: string }[] = [];
        if (newEmail) {
          const code = await issueCode(trx, ctx.random, locked.sub, 'verify_email', newEmail, now);
          issued.push({ purpose: 'verify_email', to: newEmail, code });
        }
        if (phoneChanged && changes.phone_number) {
          const to = changes.phone_number;
          const code = await issueCode(trx, ctx.random, locked.sub, 'verify_phone_number', to, now);
          issued.push({ purpose: 'verify_phone_number', to, code });
        }
        return issued;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasExists;
      throw error;
    }
    const CodeDeliveryDetailsList: CodeDeliveryDetails[] = [];
    for (const { purpose, to, code } of codes) {
      CodeDeliveryDetailsList.push(
        await sendCode(ctx, purpose, to, code, messageLanguageOf(input.ClientMetadata)),
      );
    }
    return { CodeDeliveryDetailsList };
  },
);

/** The code purpose and current value of a verifiable attribute; InvalidParameterException otherwise. */
function verifiable(user: IdentityUser, name: string): { purpose: CodePurpose; value: string } {
  if (name === 'email') return { purpose: 'verify_email', value: user.pending_email ?? user.email };
  if (name === 'phone_number') {
    if (user.phone_number === null) {
      throw new IdentityError('InvalidParameterException', 'The user has no phone_number.');
    }
    return { purpose: 'verify_phone_number', value: user.phone_number };
  }
  throw new IdentityError('InvalidParameterException', `Attribute ${name} cannot be verified.`);
}

/**
 * `GetUserAttributeVerificationCode` (identity-protocol.md §2 "Send a verification code"):
 * `{AttributeName: 'email' | 'phone_number', AccessToken, ClientMetadata}` → `{CodeDeliveryDetails}`;
 * a code valid 24 h by e-mail or SMS. Errors: InvalidParameterException, LimitExceededException
 * (5 per hour).
 */
export const getUserAttributeVerificationCode = defineOperation(
  GetUserAttributeVerificationCodeRequest,
  async (ctx, input) => {
    const user = await authenticateAccessToken(ctx, input.AccessToken);
    verifiable(user, input.AttributeName);
    const now = ctx.now();
    await countAttempt(ctx.db, user.sub, 'GetUserAttributeVerificationCode', now);
    const sent = await withLockedUser(ctx.db, user.sub, async (trx, locked) => {
      const { purpose, value } = verifiable(locked, input.AttributeName);
      return {
        purpose,
        value,
        code: await issueCode(trx, ctx.random, locked.sub, purpose, value, now),
      };
    });
    return {
      CodeDeliveryDetails: await sendCode(
        ctx,
        sent.purpose,
        sent.value,
        sent.code,
        messageLanguageOf(input.ClientMetadata),
      ),
    };
  },
);

/**
 * `VerifyUserAttribute` (identity-protocol.md §2 "Verify an attribute"): `{AttributeName, Code,
 * AccessToken}` → `{}`; marks `email_verified` or `phone_number_verified` true. The code must have been
 * sent to the attribute's value to verify: a pending e-mail address (UpdateUserAttributes), which then
 * becomes the account's address — and the member record's — if no other confirmed account took it
 * meanwhile (AliasExistsException; an unconfirmed sign-up of it gives way), or else the current one.
 * Errors: CodeMismatchException, ExpiredCodeException, InvalidParameterException,
 * LimitExceededException (15 per hour, our addition), AliasExistsException.
 */
export const verifyUserAttribute = defineOperation(
  VerifyUserAttributeRequest,
  async (ctx, input) => {
    const user = await authenticateAccessToken(ctx, input.AccessToken);
    verifiable(user, input.AttributeName);
    const now = ctx.now();
    await countAttempt(ctx.db, user.sub, 'VerifyUserAttribute', now);
    const aliasExists = new IdentityError('AliasExistsException', MESSAGES.emailExists);
    try {
      await withLockedUser(ctx.db, user.sub, async (trx, locked) => {
        const { purpose, value } = verifiable(locked, input.AttributeName);
        await consumeCode(trx, locked.sub, purpose, input.Code, value, now);
        const adopted = purpose === 'verify_email' ? locked.pending_email : null;
        if (adopted !== null) {
          await adoptVerifiedEmail(trx, locked.sub, adopted, now);
          return;
        }
        await trx
          .updateTable('identity_users')
          .set({
            ...(purpose === 'verify_email'
              ? { email_verified: true }
              : { phone_number_verified: true }),
            updated_ms: now,
          })
          .where('sub', '=', locked.sub)
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw aliasExists;
      throw error;
    }
    return {};
  },
);

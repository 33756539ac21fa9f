import * as z from 'zod/mini';
import { CountryCode } from '../../api/enums';
import {
  LoginPassword,
  NewEmailPair,
  MAX_LENGTH_LONG,
  NormalisedPhone,
  PersonName,
  RequiredEmail,
  SignUpPassword,
  VerificationCode,
  maxLength,
  passwordAvoidsPersonalData,
  passwordRepeatMatches,
} from '../../api/validation';

/**
 * The create-account form (policy §2: name, country, sub-region, email, password; spec §5 rules).
 * The password is trimmed on sign-up, must be typed twice, and must hold neither the names nor the
 * e-mail typed above it (policy §5).
 */
export const CreateAccountForm = z
  .object({
    nameFirst: PersonName,
    nameLast: PersonName,
    country: z.enum(CountryCode.options, { error: () => 'Validations.Required' }),
    subRegion: maxLength(MAX_LENGTH_LONG),
    email: RequiredEmail,
    password: SignUpPassword,
    passwordRepeat: z.string(),
  })
  .check(passwordRepeatMatches, passwordAvoidsPersonalData);
export type CreateAccountFormInput = z.input<typeof CreateAccountForm>;
export type CreateAccountFormOutput = z.output<typeof CreateAccountForm>;

/** A 6-digit code form (verify e-mail, verify phone). */
export const CodeForm = z.object({ code: VerificationCode });
export type CodeForm = z.input<typeof CodeForm>;

/** The phone form of verify-phone-number (spec §5 Phone; saved with a + prefix). */
export const PhoneForm = z.object({ phone: NormalisedPhone });
export type PhoneFormInput = z.input<typeof PhoneForm>;

/** Step 1 of forgot-password: the account's e-mail. */
export const ForgotPasswordEmailForm = z.object({ email: RequiredEmail });
export type ForgotPasswordEmailForm = z.input<typeof ForgotPasswordEmailForm>;

/** Step 2 of forgot-password: the code and the new password, twice. */
export const ResetPasswordForm = z
  .object({ code: VerificationCode, password: SignUpPassword, passwordRepeat: z.string() })
  .check(passwordRepeatMatches);
export type ResetPasswordFormInput = z.input<typeof ResetPasswordForm>;

/** member/password: the current password and the new one, twice. */
export const ChangePasswordForm = z
  .object({ current: LoginPassword, password: SignUpPassword, passwordRepeat: z.string() })
  .check(passwordRepeatMatches);
export type ChangePasswordFormInput = z.input<typeof ChangePasswordForm>;

/** member/email step 1: the new address, typed twice (policy §5 "The retyped email must match"). */
export const ChangeEmailForm = NewEmailPair;
export type ChangeEmailFormInput = z.input<typeof ChangeEmailForm>;

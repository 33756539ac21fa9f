import * as z from 'zod/mini';
import { baseString, characterCount, rule, typeError } from './messages';
import { maxLengthCheck } from './length';
import { requiredCheck } from './required';

/** Shortest password accepted, in characters (application-behaviour §5 "Password", policy-and-vocabulary §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted by the sign-up and change forms, in characters (application-behaviour §5 "Password"). */
export const PASSWORD_MAX_LENGTH = 99;
/** Longest password the identity service accepts at all, in characters (Cognito's `Password` member, identity-protocol "Password policy"). */
export const LOGIN_PASSWORD_MAX_LENGTH = 256;

/**
 * The special characters that count toward complexity: Cognito's symbol set
 * `` ^ $ * . [ ] { } ( ) ? " ! @ # % & / \ , > < ' : ; | _ ~ ` = + - `` (identity-protocol "Password
 * policy"). Cognito also counts the space, but the spec allows non-space characters only, so the space
 * is refused rather than counted.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

/** Which requirements of the password rule a value meets, for a checklist next to the field. */
export interface PasswordChecklist {
  /** At least {@link PASSWORD_MIN_LENGTH} and at most {@link PASSWORD_MAX_LENGTH} characters. */
  length: boolean;
  /** At least one Basic Latin lowercase letter `a-z`. */
  lowercase: boolean;
  /** At least one Basic Latin uppercase letter `A-Z`. */
  uppercase: boolean;
  /** At least one digit `0-9`. */
  digit: boolean;
  /** At least one of {@link PASSWORD_SPECIAL_CHARACTERS}. */
  special: boolean;
  /** No whitespace of any kind. */
  noSpaces: boolean;
}

/**
 * The requirements of the password rule `value` meets (application-behaviour §5 "Password"). Letters
 * are Basic Latin as in Cognito; other characters (é, €) are allowed but count toward no class.
 */
export function passwordChecklist(value: string): PasswordChecklist {
  const length = characterCount(value);
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    lowercase: /[a-z]/.test(value),
    uppercase: /[A-Z]/.test(value),
    digit: /[0-9]/.test(value),
    special: Array.from(value).some((character) => PASSWORD_SPECIAL_CHARACTERS.includes(character)),
    noSpaces: !/\s/.test(value),
  };
}

/** Whether `value` is at least 8 characters with a lowercase, an uppercase, a digit and a special character. */
export function isPasswordComplex(value: string): boolean {
  const checklist = passwordChecklist(value);
  return (
    characterCount(value) >= PASSWORD_MIN_LENGTH &&
    checklist.lowercase &&
    checklist.uppercase &&
    checklist.digit &&
    checklist.special
  );
}

/** The shortest name or e-mail part a password is checked for, in characters (shorter ones match too often). */
export const PERSONAL_PART_MIN_LENGTH = 3;

/** What a password must not contain: the person's names and e-mail address (any may be unknown). */
export interface PersonalData {
  readonly names?: readonly (string | null | undefined)[];
  readonly email?: string | null;
}

/**
 * Whether `password` contains the person's name or e-mail (policy-and-vocabulary §5 "must not contain
 * the name or the email"): any first or last name, the e-mail address or its part before the @,
 * compared without case, each trimmed and of at least {@link PERSONAL_PART_MIN_LENGTH} characters
 * ("Al" would refuse "Always-7x"). Our reading of the rule: docs/decisions.md "Passwords and
 * personal data".
 */
export function passwordContainsPersonalData(password: string, personal: PersonalData): boolean {
  const email = personal.email?.trim() ?? '';
  const parts = [...(personal.names ?? []), email, email.split('@')[0]]
    .map((part) => (part ?? '').trim().toLowerCase())
    .filter((part) => characterCount(part) >= PERSONAL_PART_MIN_LENGTH);
  const lower = password.toLowerCase();
  return parts.some((part) => lower.includes(part));
}

/**
 * The sign-up form's check that its password holds neither name nor e-mail of the form
 * ({@link passwordContainsPersonalData}): `Validations.PasswordNotComplex` on `password`, the message
 * policy §5 gives for every password rule.
 */
export const passwordAvoidsPersonalData = z.refine<{
  password: string;
  nameFirst: string;
  nameLast: string;
  email: string;
}>(
  (form) =>
    !passwordContainsPersonalData(form.password, {
      names: [form.nameFirst, form.nameLast],
      email: form.email,
    }),
  { message: 'Validations.PasswordNotComplex', path: ['password'] },
);

const passwordChecks = [
  requiredCheck,
  rule<string>((value) => !/\s/.test(value), 'Validations.PasswordNoSpaces'),
  rule<string>(isPasswordComplex, 'Validations.PasswordNotComplex'),
  maxLengthCheck(PASSWORD_MAX_LENGTH),
] as const;

/**
 * A new password (application-behaviour §5 "Password"; policy-and-vocabulary §5): required
 * (`Validations.Required`); no whitespace (`Validations.PasswordNoSpaces`); at least 8 characters with
 * at least one lowercase `a-z`, one uppercase `A-Z`, one digit `0-9` and one of
 * {@link PASSWORD_SPECIAL_CHARACTERS} (`Validations.PasswordNotComplex`, 'not complex enough'); at most
 * 99 characters (`Validations.MaxLength`, `params: { max: 99 }`). Not trimmed: use
 * {@link SignUpPassword} on sign-up.
 */
export const Password = baseString().check(...passwordChecks);

/**
 * The sign-up password: trimmed of surrounding whitespace first (application-behaviour §5 "sign-up
 * trims it"), then the {@link Password} rule. The parsed value is the trimmed password.
 */
export const SignUpPassword = baseString().check(z.trim(), ...passwordChecks);

/**
 * The password typed at login (or as the current password): required (`Validations.Required`) and at
 * most 256 characters (`Validations.MaxLength`). No complexity rule, so an account whose password
 * predates the rule can still sign in; the identity service is the judge.
 */
export const LoginPassword = baseString().check(
  requiredCheck,
  maxLengthCheck(LOGIN_PASSWORD_MAX_LENGTH),
);

/**
 * Object check for a new password typed twice (policy-and-vocabulary §5 "the repeat must match"):
 * `passwordRepeat` (trimmed, as sign-up trims the password) must equal `password`, else
 * `Validations.PasswordsDoNotMatch` on `passwordRepeat`. Add it with `.check()` to a form's object.
 */
export const passwordRepeatMatches = z.refine<{ password: string; passwordRepeat: string }>(
  (form) => form.password === form.passwordRepeat.trim(),
  { message: 'Validations.PasswordsDoNotMatch', path: ['passwordRepeat'] },
);

/** A new password and its repeat (sign-up, reset, change). */
export const NewPasswordPair = z
  .object({ password: SignUpPassword, passwordRepeat: baseString() }, { error: typeError })
  .check(passwordRepeatMatches);

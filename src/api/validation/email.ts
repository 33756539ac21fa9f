import * as z from 'zod/mini';
import { baseString, rule, typeError } from './messages';
import { maxLengthCheck } from './length';
import { requiredCheck } from './required';

/**
 * The email pattern: zod 4's "practical" email pattern (`z.regexes.email`), pinned here so the rule
 * cannot drift with a library update: dot-separated atoms of letters, digits and `_ ' + -` before the
 * `@` (no leading, trailing or doubled dot), then a host of labels ending in a top-level domain of at
 * least two letters. ASCII only.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The longest email address accepted, in characters (RFC 5321 path limit; not in the spec, a safety bound). */
export const EMAIL_MAX_LENGTH = 254;

/**
 * An optional email address (application-behaviour §5 "Email"): the empty string passes; anything else
 * must match {@link EMAIL_PATTERN} (`Validations.InvalidEmail`) and be at most 254 characters
 * (`Validations.MaxLength`, `params: { max: 254 }`). No trimming: surrounding spaces fail.
 */
export const Email = baseString().check(
  rule<string>((value) => value === '' || EMAIL_PATTERN.test(value), 'Validations.InvalidEmail'),
  maxLengthCheck(EMAIL_MAX_LENGTH),
);

/**
 * A required email address, for login and the account (application-behaviour §5 "Email"): empty fails
 * with `Validations.Required`; otherwise as {@link Email}.
 */
export const RequiredEmail = baseString().check(
  requiredCheck,
  rule<string>((value) => EMAIL_PATTERN.test(value), 'Validations.InvalidEmail'),
  maxLengthCheck(EMAIL_MAX_LENGTH),
);

/**
 * Object check for an e-mail typed twice (policy-and-vocabulary §5 "The retyped email must match"),
 * compared without case or surrounding spaces; else `Validations.EmailsDoNotMatch` on `emailRepeat`.
 */
export const emailRepeatMatches = z.refine<{ email: string; emailRepeat: string }>(
  (form) => form.email.trim().toLowerCase() === form.emailRepeat.trim().toLowerCase(),
  { message: 'Validations.EmailsDoNotMatch', path: ['emailRepeat'] },
);

/** A new e-mail address and its repeat (e-mail change). */
export const NewEmailPair = z
  .object({ email: RequiredEmail, emailRepeat: baseString() }, { error: typeError })
  .check(emailRepeatMatches);

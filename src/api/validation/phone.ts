import * as z from 'zod/mini';
import { baseString, rule } from './messages';
import { requiredCheck } from './required';

/** Fewest digits of a valid phone number once normalised, country code included (application-behaviour §5 "Phone": "at least 7 characters"). */
export const PHONE_MIN_DIGITS = 7;
/** Most digits of a valid phone number once normalised, country code included (ITU-T E.164). */
export const PHONE_MAX_DIGITS = 15;
/** Below this many digits {@link normalisePhone} gives the empty string (application-behaviour §5 "Phone"). */
export const PHONE_NORMALISED_MIN_DIGITS = 5;

// An optional leading '+' then digits and the separators people type: spaces, - . / ( ).
const PHONE_CHARACTERS = /^\s*\+?[0-9\s().\-/]*$/;
// '(0)' is the national trunk prefix written inside an international number: '+44 (0)20 7946 0958'.
const TRUNK_PREFIX_IN_PARENTHESES = /\(\s*0\s*\)/g;

/**
 * The phone number as it is saved (application-behaviour §5 "Phone"), a pure function of the typed text:
 * 1. a `(0)` group is dropped, being the trunk prefix inside an international number
 *    (`+44 (0)20 7946 0958` → `+44 20 7946 0958`);
 * 2. every non-digit is stripped (spaces, `-`, `.`, `/`, parentheses, the `+`);
 * 3. "international-prefix-aware": a leading `00` (the international call prefix used in Europe and most
 *    of the world) is the same as `+` and is stripped whole (`0047 …` → `47 …`); otherwise a single
 *    leading `0` is stripped, as the spec says;
 * 4. fewer than 5 digits left gives `''`; else the result is `+` followed by the digits (E.164 style).
 * The country code is expected to be typed (policy-and-vocabulary §5 "starting with the country code"),
 * so a national number loses its 0 and is read as international: `07700 900123` → `+7700900123`.
 * Other international prefixes (`011` in North America) are not recognised.
 */
export function normalisePhone(input: string): string {
  let digits = input.replace(TRUNK_PREFIX_IN_PARENTHESES, '').replace(/[^0-9]/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  else if (digits.startsWith('0')) digits = digits.slice(1);
  return digits.length < PHONE_NORMALISED_MIN_DIGITS ? '' : `+${digits}`;
}

/** Whether `input` is an acceptable phone number (see {@link Phone}), required-ness aside. */
export function isValidPhone(input: string): boolean {
  if (!PHONE_CHARACTERS.test(input)) return false;
  const digitCount = normalisePhone(input).length - 1;
  return digitCount >= PHONE_MIN_DIGITS && digitCount <= PHONE_MAX_DIGITS;
}

/**
 * A phone number as typed (application-behaviour §5 "Phone"; policy-and-vocabulary §5): required
 * (`Validations.Required`); only digits, an optional leading `+` and the separators space `-` `.` `/`
 * `(` `)`; and 7 to 15 digits once normalised by {@link normalisePhone}, country code included
 * (`Validations.PhoneInvalid`). The value is left as typed; {@link NormalisedPhone} also normalises it.
 */
export const Phone = baseString().check(
  requiredCheck,
  rule<string>(isValidPhone, 'Validations.PhoneInvalid'),
);

/**
 * The {@link Phone} rule, whose parsed value is the saved form from {@link normalisePhone}, e.g.
 * `'0047 912 34 567'` → `'+4791234567'` (application-behaviour §5 "a + prefix is added on save").
 */
export const NormalisedPhone = Phone.check(z.overwrite(normalisePhone));

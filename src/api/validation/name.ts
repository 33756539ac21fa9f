import * as z from 'zod/mini';
import { baseString, rule } from './messages';
import { MAX_LENGTH_SHORT, maxLengthCheck } from './length';
import { isPlainText } from './plainText';
import { requiredCheck } from './required';

/**
 * The symbols a person's name may not contain, as listed by application-behaviour §5 "Name":
 * `_ ! ? / \ + = @ # $ % & * ( ) { } | ~ < > ; : [ ]`. Apostrophes, hyphens, dots, commas and spaces
 * stay allowed (O'Brien, Jean-Luc, St. John).
 */
export const NAME_FORBIDDEN_SYMBOLS = '_!?/\\+=@#$%&*(){}|~<>;:[]';

// Any decimal digit of any script (\p{Nd}) is also refused, and what is not plain text (plainText.ts:
// control characters, bidirectional overrides, lone surrogates); other format characters (\p{Cf})
// are not, because ZWNJ/ZWJ are part of Persian and Indic names.
const NAME_FORBIDDEN_OTHER = /\p{Nd}/u;

/** Whether `value` contains none of the characters a name may not contain (see {@link PersonName}). */
export function hasValidNameCharacters(value: string): boolean {
  if (NAME_FORBIDDEN_OTHER.test(value) || !isPlainText(value)) return false;
  for (const character of value) {
    if (NAME_FORBIDDEN_SYMBOLS.includes(character)) return false;
  }
  return true;
}

/**
 * A first or last name (application-behaviour §5 "Name"; policy-and-vocabulary §5 "alphabetic
 * characters"): required (`Validations.Required`), at most 20 characters (`Validations.MaxLength`,
 * `params: { max: 20 }`), and no digits of any script, control characters or the listed symbols
 * {@link NAME_FORBIDDEN_SYMBOLS} (`Validations.NameInvalidCharacters`). Letters of any script, marks,
 * spaces, apostrophes, hyphens and dots pass. The value is trimmed before the checks (and parsed
 * trimmed), so spaces alone are `Validations.Required` and the 20 characters are counted without the
 * spaces around them.
 */
export const PersonName = baseString().check(
  // Trimmed first: a name of spaces only is 'Required', as it is empty once saved (and a contact's
  // name goes to the rescue services, policy §1).
  z.trim(),
  requiredCheck,
  maxLengthCheck(MAX_LENGTH_SHORT),
  rule<string>(hasValidNameCharacters, 'Validations.NameInvalidCharacters'),
);

import * as z from 'zod/mini';
import { rule } from './messages';

/**
 * Characters no stored line of text may contain: control characters (`\p{Cc}`: NUL, escape, tab,
 * line breaks, DEL …), the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069), which can make a name or a brand read backwards on the screens that show it
 * ("Trojan Source" spoofing), and lone surrogates (`\p{Cs}`), which are no character at all and
 * would be stored as U+FFFD. Joiners (ZWJ, ZWNJ), which Persian and Indic writing need, stay allowed.
 */
const NOT_PLAIN = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069]/u;

/** Whether `value` holds none of the characters {@link NOT_PLAIN} refuses. */
export function isPlainText(value: string): boolean {
  return !NOT_PLAIN.test(value);
}

/** A check failing with `Validations.TextInvalidCharacters` when a string is not plain text. */
export function plainTextCheck(): z.core.$ZodCheck<string> {
  return rule<string>(isPlainText, 'Validations.TextInvalidCharacters');
}

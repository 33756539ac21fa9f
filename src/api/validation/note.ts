import * as z from 'zod/mini';
import { baseString, rule } from './messages';
import { maxLengthCheck } from './length';

/**
 * The symbols a note may contain besides letters, numbers, punctuation and marks: currency
 * `$ € £ ¥`, arithmetic and comparison `+ = < > ± × ÷`, and `^ ~ | °`. Other symbols, emoji among them,
 * are refused: the text is shown on the wearer's watch, whose font has no emoji.
 */
export const NOTE_TEXT_SYMBOLS = '$€£¥+=<>±×÷^~|°';

const escapeForClass = (characters: string): string =>
  Array.from(
    characters,
    (character) => `\\u{${character.codePointAt(0)?.toString(16) ?? ''}}`,
  ).join('');

// Letters \p{L}, marks \p{M}, numbers \p{N}, punctuation \p{P} (includes - _ ' " ! ? . , : ; @ # % & * / \
// ( ) [ ] { }), space separators \p{Zs}, line breaks, and the listed symbols.
const NOTE_CLASS = `\\p{L}\\p{M}\\p{N}\\p{P}\\p{Zs}\\n\\r${escapeForClass(NOTE_TEXT_SYMBOLS)}`;
const NOTE_TEXT_PATTERN = new RegExp(`^[${NOTE_CLASS}]*$`, 'u');
const NOTE_TEXT_INVALID = new RegExp(`[^${NOTE_CLASS}]`, 'gu');

/** Whether every character of `value` is allowed in a note (see {@link NoteText}). */
export function isValidNoteText(value: string): boolean {
  return NOTE_TEXT_PATTERN.test(value);
}

/**
 * `value` with every character a note may not contain removed (policy-and-vocabulary §5 "Invalid
 * characters are removed from messages"), e.g. `'On my way 🚴!'` → `'On my way !'`.
 */
export function sanitiseNoteText(value: string): string {
  return value.replace(NOTE_TEXT_INVALID, '');
}

/**
 * A note or message text (application-behaviour §5 "Note text"; policy-and-vocabulary §5 "alphanumeric
 * plus basic punctuation"): letters, numbers, punctuation and marks of any script (Unicode categories
 * L, N, P, M), space separators (Zs), line breaks and the symbols {@link NOTE_TEXT_SYMBOLS}; anything
 * else fails with `Validations.NoteTextInvalid`. Not required and not length-bounded; see
 * {@link noteTextSchema} for a bounded one.
 */
export const NoteText = baseString().check(
  rule<string>(isValidNoteText, 'Validations.NoteTextInvalid'),
);

/**
 * {@link NoteText} of at most `max` characters (`Validations.MaxLength`, `params: { max }`), for the
 * server routes that store the text. Trimmed first (and parsed trimmed), so with `requiredCheck` a
 * text of spaces or line breaks only is `Validations.Required` rather than a blank message sent to the
 * wearer's watch or a blank note on the alert's timeline.
 */
export function noteTextSchema(max: number): z.ZodMiniString<string> {
  return baseString().check(
    z.trim(),
    rule<string>(isValidNoteText, 'Validations.NoteTextInvalid'),
    maxLengthCheck(max),
  );
}

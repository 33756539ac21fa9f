import * as z from 'zod/mini';
import { plainTextCheck } from './plainText';
import { baseString, characterCount, rule } from './messages';

/** Maximum length of short texts, e.g. names and device nicknames, in characters (application-behaviour §5 "Max length"). */
export const MAX_LENGTH_SHORT = 20;
/** Maximum length of medium texts, in characters (application-behaviour §5 "Max length"). */
export const MAX_LENGTH_MEDIUM = 30;
/** Maximum length of long texts, in characters (application-behaviour §5 "Max length"). */
export const MAX_LENGTH_LONG = 50;

/**
 * A check that a string has at most `max` characters (Unicode code points, see `characterCount`).
 * Fails with `Validations.MaxLength` and `params: { max }` ('Cannot be longer than {{max}} characters',
 * policy-and-vocabulary §5; application-behaviour §5 "Max length").
 */
export function maxLengthCheck(max: number): z.core.$ZodCheck<string> {
  return rule<string>((value) => characterCount(value) <= max, 'Validations.MaxLength', {
    params: { max },
  });
}

/**
 * A line of plain text of at most `max` characters (Unicode code points); empty passes. Fails with
 * `Validations.MaxLength` and `params: { max }`, or `Validations.TextInvalidCharacters` for control,
 * bidirectional-override or lone-surrogate characters (plainText.ts). Use with {@link MAX_LENGTH_SHORT},
 * {@link MAX_LENGTH_MEDIUM} or {@link MAX_LENGTH_LONG} (application-behaviour §5 "Max length").
 */
export function maxLength(max: number): z.ZodMiniString<string> {
  return baseString().check(maxLengthCheck(max), plainTextCheck());
}

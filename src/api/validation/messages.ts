import * as z from 'zod/mini';

/**
 * Every message a validation schema of this folder can emit. Each is a translation key (namespace
 * `Validations`, file `locales/en/Validations.json`), never English, so the UI translates it
 * (application-behaviour §5: "Messages are shown from translation keys"). Issues whose text carries a
 * bound also carry it in the issue's `params` for interpolation, e.g. `Validations.MaxLength` with
 * `params: { max: 20 }` for `Cannot be longer than {{max}} characters` (policy-and-vocabulary §5).
 */
export const VALIDATION_MESSAGE_KEYS = [
  'Validations.Required',
  'Validations.InvalidValues',
  'Validations.InvalidEmail',
  'Validations.MaxLength',
  'Validations.NameInvalidCharacters',
  'Validations.PasswordNotComplex',
  'Validations.PasswordNoSpaces',
  'Validations.PasswordsDoNotMatch',
  'Validations.EmailsDoNotMatch',
  'Validations.PhoneInvalid',
  'Validations.DateInvalid',
  'Validations.MinimumAge',
  'Validations.DeviceNicknameInvalid',
  'Validations.ImeiInvalid',
  'Validations.CodeInvalid',
  'Validations.NoteTextInvalid',
  'Validations.Max',
  'Validations.Min',
  'Validations.InvalidNumber',
  'Validations.FavouritesMin',
  'Validations.FavouritesMax',
  'Validations.TrimTooShort',
  'Validations.TrimOutOfRange',
  'Validations.ContactsAssistanceRequired',
  'Validations.ContactsEmergencyRequired',
  'Validations.ShareActivityNeedsEmail',
  'Validations.DuplicateId',
  'Validations.TextInvalidCharacters',
] as const;

/**
 * Keys of the `Validations` namespace that no schema emits: notices the spec files there
 * (application-behaviour §8 "Validations.LoginTermsUpdated").
 */
export const VALIDATION_NOTICE_KEYS = ['Validations.LoginTermsUpdated'] as const;

/** One of {@link VALIDATION_MESSAGE_KEYS}. */
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

/**
 * The message of an issue raised for an input of the wrong type: `Validations.Required` when the value
 * is missing (`undefined` or `null`, application-behaviour §5 "Required"), otherwise
 * `Validations.InvalidValues` ('Please correct invalid values', policy-and-vocabulary §5). Passed as the
 * `error` of every base schema so that no zod default (English) message can escape.
 */
export function typeError(issue: { input?: unknown }): ValidationMessageKey {
  return issue.input === undefined || issue.input === null
    ? 'Validations.Required'
    : 'Validations.InvalidValues';
}

/**
 * The number of characters of `value` as a user counts them: Unicode code points, so an emoji or an
 * astral-plane letter is one character, as PostgreSQL counts `varchar(n)`. Used by every length rule
 * (application-behaviour §5 "Max length").
 */
export function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * A string schema whose wrong-type issues carry translation keys (see {@link typeError}), the base of
 * every text rule of application-behaviour §5.
 */
export function baseString(): z.ZodMiniString<string> {
  return z.string({ error: typeError });
}

/**
 * A check failing with `message` (and optional interpolation `params`) when `test` is false.
 * `abort: true` stops the later checks of the same schema, so one failure shows one message. `message`
 * is a translation key (application-behaviour §5 "Messages are shown from translation keys").
 */
export function rule<T>(
  test: (value: T) => boolean,
  message: ValidationMessageKey,
  options: { params?: Record<string, number>; abort?: boolean } = {},
): z.core.$ZodCheck<T> {
  return z.refine<T>(test, { message, ...options });
}

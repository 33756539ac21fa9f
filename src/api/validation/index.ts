/**
 * The validation rules of the spec (application-behaviour §5, policy-and-vocabulary §5 and §9) as zod 4
 * mini (`zod/mini`) schemas shared by the UI's forms and the server's routes. Every issue message is a
 * translation key listed in {@link VALIDATION_MESSAGE_KEYS}; bounds travel in the issue's `params`.
 */
export { VALIDATION_MESSAGE_KEYS, characterCount, typeError } from './messages';
export type { ValidationMessageKey } from './messages';
export { Required, isPresent, requiredCheck } from './required';
export {
  MAX_LENGTH_LONG,
  MAX_LENGTH_MEDIUM,
  MAX_LENGTH_SHORT,
  maxLength,
  maxLengthCheck,
} from './length';
export { ActivationCode, CODE_LENGTH_DIGITS, VerificationCode } from './codes';
export {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  Email,
  NewEmailPair,
  RequiredEmail,
  emailRepeatMatches,
} from './email';
export { NAME_FORBIDDEN_SYMBOLS, PersonName, hasValidNameCharacters } from './name';
export {
  LOGIN_PASSWORD_MAX_LENGTH,
  LoginPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_SPECIAL_CHARACTERS,
  Password,
  SignUpPassword,
  NewPasswordPair,
  isPasswordComplex,
  passwordAvoidsPersonalData,
  passwordChecklist,
  passwordContainsPersonalData,
  passwordRepeatMatches,
} from './password';
export type { PasswordChecklist, PersonalData } from './password';
export {
  NormalisedPhone,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_NORMALISED_MIN_DIGITS,
  Phone,
  isValidPhone,
  normalisePhone,
} from './phone';
export {
  DATE_YEAR_MAX,
  DATE_YEAR_MIN,
  DateOfBirth,
  DateYmd,
  MINIMUM_AGE_YEARS,
  ageInYears,
  dateOfBirthSchema,
  datePartsOf,
  dayFirstToYearFirst,
  daysInMonth,
  formatDateDmy,
  formatDateYmd,
  isLeapYear,
  isValidDateParts,
  parseDateYmd,
  yearFirstToDayFirst,
} from './date';
export type { DateParts } from './date';
export { DeviceNickname, IMEI_LENGTH, Imei } from './device';
export {
  NOTE_TEXT_SYMBOLS,
  NoteText,
  isValidNoteText,
  noteTextSchema,
  sanitiseNoteText,
} from './note';
export { parseDecimal, requiredNumberInRange } from './number';
export {
  SPLITS_DISTANCE_MAX_KM,
  SPLITS_DISTANCE_MIN_KM,
  SPLITS_TIME_MAX_MINUTES,
  SPLITS_TIME_MIN_MINUTES,
  SplitsDistance,
  SplitsTime,
} from './splits';
export { FAVOURITES_MAX, FAVOURITES_MIN, FavouriteActivityTypes } from './favourites';
export { TRIM_MINIMUM_DURATION_MS, TrimRange } from './trim';
export {
  SharedAlertChoices,
  ShareActivityNeedsEmail,
  checkShareActivityNeedsEmail,
  checkSharedAlertChoices,
} from './contacts';
export type { ContactActivityShare, ContactAlertShares } from './contacts';
export { DUPLICATE_ID, uniqueIds } from './uniqueIds';
export { isPlainText, plainTextCheck } from './plainText';

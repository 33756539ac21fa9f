import { baseString, rule } from './messages';
import { MAX_LENGTH_SHORT, maxLengthCheck } from './length';
import { requiredCheck } from './required';

/** Length of an IMEI, in characters (application-behaviour §5 "IMEI", policy-and-vocabulary §9). */
export const IMEI_LENGTH = 15;

// Letters and digits of any script, combining marks (so decomposed "é" and Indic vowel signs pass),
// the space U+0020 and the underscore.
const NICKNAME_CHARACTERS = /^[\p{L}\p{M}\p{Nd} _]*$/u;
const IMEI_PATTERN = /^[0-9_]{15}$/;

/**
 * A device nickname (application-behaviour §5 "Device nickname"): letters of any script (with their
 * combining marks), decimal digits, spaces and underscores only (`Validations.DeviceNicknameInvalid`),
 * at most 20 characters (`Validations.MaxLength`, `params: { max: 20 }`). Not required: the empty
 * string passes, as the spec lists no required rule for it.
 */
export const DeviceNickname = baseString().check(
  maxLengthCheck(MAX_LENGTH_SHORT),
  rule<string>((value) => NICKNAME_CHARACTERS.test(value), 'Validations.DeviceNicknameInvalid'),
);

/**
 * A device IMEI (application-behaviour §5 "IMEI"): required (`Validations.Required`), then exactly 15
 * characters, each an ASCII digit or an underscore (`Validations.ImeiInvalid`). The underscore is the
 * spec's (an input mask's placeholder); the Luhn check digit is not verified.
 */
export const Imei = baseString().check(
  requiredCheck,
  rule<string>((value) => IMEI_PATTERN.test(value), 'Validations.ImeiInvalid'),
);

import { baseString, rule } from './messages';
import { requiredCheck } from './required';

/** Length of the account verification code and of the device activation code, in digits (policy-and-vocabulary §9). */
export const CODE_LENGTH_DIGITS = 6;

const SIX_DIGITS = /^[0-9]{6}$/;

function sixDigitCode() {
  return baseString().check(
    requiredCheck,
    rule<string>((value) => SIX_DIGITS.test(value), 'Validations.CodeInvalid'),
  );
}

/**
 * The account (email or phone) verification code: exactly 6 ASCII digits, nothing else, no spaces
 * (application-behaviour §5 "Account verification code"). Empty fails with `Validations.Required`,
 * anything else that is not six digits with `Validations.CodeInvalid`.
 */
export const VerificationCode = sixDigitCode();

/**
 * The device activation code: exactly 6 ASCII digits (policy-and-vocabulary §5 and §9 "Activation code").
 * Empty fails with `Validations.Required`, anything else that is not six digits with
 * `Validations.CodeInvalid`.
 */
export const ActivationCode = sixDigitCode();

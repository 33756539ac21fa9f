import { describe, expect, it } from 'vitest';
import {
  LoginPassword,
  NewPasswordPair,
  PASSWORD_SPECIAL_CHARACTERS,
  Password,
  SignUpPassword,
  isPasswordComplex,
  passwordChecklist,
  passwordContainsPersonalData,
} from '../../../../src/api/validation';
import { CreateAccountForm } from '../../../../src/features/auth/authForms';
import { issuesOf, messagesOf } from './support';

/** A valid password of exactly `length` characters (length ≥ 4). */
const ofLength = (length: number) => `Aa1!${'x'.repeat(length - 4)}`;

describe('Password (application-behaviour §5 "Password")', () => {
  it.each<[string, string, string[]]>([
    ['7 characters', ofLength(7), ['Validations.PasswordNotComplex']],
    ['8 characters', ofLength(8), []],
    ['99 characters', ofLength(99), []],
    ['100 characters', ofLength(100), ['Validations.MaxLength']],
    ['no lowercase', 'AAAA1111!', ['Validations.PasswordNotComplex']],
    ['no uppercase', 'aaaa1111!', ['Validations.PasswordNotComplex']],
    ['no digit', 'Aaaaaaaa!', ['Validations.PasswordNotComplex']],
    ['no special character', 'Aaaaaaa11', ['Validations.PasswordNotComplex']],
    ['only non-Latin letters as letters', 'ÄÖÜäöü1!', ['Validations.PasswordNotComplex']],
    ['€ is not a special character', 'Aaaaaa1€', ['Validations.PasswordNotComplex']],
    ['non-Latin characters besides the classes', 'Aa1!éü€漢', []],
    ['a space inside', 'Aa1! bcdefg', ['Validations.PasswordNoSpaces']],
    ['a leading space', ' Aa1!bcdefg', ['Validations.PasswordNoSpaces']],
    ['a trailing space', 'Aa1!bcdefg ', ['Validations.PasswordNoSpaces']],
    ['a tab', 'Aa1!\tbcdefg', ['Validations.PasswordNoSpaces']],
    ['a no-break space', 'Aa1!\u00a0bcdefg', ['Validations.PasswordNoSpaces']],
    ['empty', '', ['Validations.Required']],
  ])('%s → %j', (_case, value, expected) => {
    expect(messagesOf(Password, value)).toEqual(expected);
  });

  it('lists exactly the Cognito symbols', () => {
    expect(Array.from(PASSWORD_SPECIAL_CHARACTERS).sort()).toEqual(
      '^ $ * . [ ] { } ( ) ? " ! @ # % & / \\ , > < \' : ; | _ ~ ` = + -'.split(' ').sort(),
    );
  });

  it.each(Array.from(PASSWORD_SPECIAL_CHARACTERS))(
    '%s counts as a special character',
    (special) => {
      expect(messagesOf(Password, `Abcdef1${special}`)).toEqual([]);
    },
  );

  it('carries max 99 in the MaxLength params', () => {
    expect(issuesOf(Password, ofLength(100))[0]).toMatchObject({ params: { max: 99 } });
  });

  it('counts characters as code points', () => {
    expect(messagesOf(Password, `Aa1!${'😀'.repeat(95)}`)).toEqual([]);
    expect(messagesOf(Password, `Aa1!${'😀'.repeat(96)}`)).toEqual(['Validations.MaxLength']);
  });

  it.each<[unknown, string]>([
    [undefined, 'Validations.Required'],
    [12345678, 'Validations.InvalidValues'],
  ])('a non-string %j fails with %s', (value, message) => {
    expect(messagesOf(Password, value)).toEqual([message]);
  });
});

describe('SignUpPassword: trims, then the Password rule', () => {
  it.each<[string, string | undefined, string[]]>([
    ['  Aa1!bcdefg  ', 'Aa1!bcdefg', []],
    ['\tAa1!bcdefg\n', 'Aa1!bcdefg', []],
    ['   ', undefined, ['Validations.Required']],
    [' Aa1!bcd ', undefined, ['Validations.PasswordNotComplex']],
    ['Aa1! bcdefg', undefined, ['Validations.PasswordNoSpaces']],
  ])('%j → %j %j', (value, parsed, expected) => {
    expect(messagesOf(SignUpPassword, value)).toEqual(expected);
    if (parsed !== undefined) expect(SignUpPassword.parse(value)).toBe(parsed);
  });
});

describe('LoginPassword: required only, at most 256', () => {
  it.each<[string, string[]]>([
    ['x', []],
    ['old password', []],
    ['x'.repeat(256), []],
    ['x'.repeat(257), ['Validations.MaxLength']],
    ['', ['Validations.Required']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(LoginPassword, value)).toEqual(expected);
  });
});

describe('passwordChecklist and isPasswordComplex', () => {
  it('reports each requirement', () => {
    expect(passwordChecklist('a')).toEqual({
      length: false,
      lowercase: true,
      uppercase: false,
      digit: false,
      special: false,
      noSpaces: true,
    });
    expect(passwordChecklist('A1! x')).toEqual({
      length: false,
      lowercase: true,
      uppercase: true,
      digit: true,
      special: true,
      noSpaces: false,
    });
  });

  it.each<[string, boolean]>([
    ['Aa1!bcde', true],
    ['Aa1!bcd', false],
    ['aa1!bcde', false],
  ])('%j → %s', (value, expected) => {
    expect(isPasswordComplex(value)).toBe(expected);
  });
});

describe('passwordContainsPersonalData (policy §5 "must not contain the name or the email")', () => {
  const dana = { names: ['Dana', 'Berg-Lund'], email: 'dana.b@example.com' };
  it.each<[string, boolean]>([
    ['Fjord#Paddle7', false],
    ['DANA#Paddle7', true],
    ['x-berg-lund-7X', true],
    ['Dana.B@Example.com1', true],
    ['Go-dana.b-7X', true],
    ['Berg#Paddle7', false],
    ['Example#Paddle7', false],
  ])('%j → %j', (password, contains) => {
    expect(passwordContainsPersonalData(password, dana)).toBe(contains);
  });

  it('ignores parts shorter than 3 characters and unknown ones', () => {
    expect(
      passwordContainsPersonalData('Always-7x', { names: ['Al', null], email: 'al@x.no' }),
    ).toBe(false);
    expect(passwordContainsPersonalData('Always-7x', {})).toBe(false);
  });

  it('is the sign-up form’s rule, on the password field', () => {
    const form = {
      nameFirst: 'Dana',
      nameLast: 'Berg',
      country: 'NO',
      subRegion: '',
      email: 'dana@example.com',
      password: 'Dana#Paddle7',
      passwordRepeat: 'Dana#Paddle7',
    };
    const result = CreateAccountForm.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['password', 'Validations.PasswordNotComplex'],
    ]);
    expect(
      CreateAccountForm.safeParse({
        ...form,
        password: 'Fjord#Paddle7',
        passwordRepeat: 'Fjord#Paddle7',
      }).success,
    ).toBe(true);
  });
});

describe('NewPasswordPair (policy §5 "the repeat must match")', () => {
  it.each<[string, string, string[]]>([
    ['Fjord#Paddle7', 'Fjord#Paddle7', []],
    ['Fjord#Paddle7', 'Fjord#Paddle7 ', []],
    ['Fjord#Paddle7', 'fjord#Paddle7', ['passwordRepeat: Validations.PasswordsDoNotMatch']],
    ['Fjord#Paddle7', '', ['passwordRepeat: Validations.PasswordsDoNotMatch']],
  ])('%j retyped as %j → %j', (password, passwordRepeat, expected) => {
    const result = NewPasswordPair.safeParse({ password, passwordRepeat });
    expect(
      result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(expected);
  });
});

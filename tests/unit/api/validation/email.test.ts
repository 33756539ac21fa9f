import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  Email,
  NewEmailPair,
  RequiredEmail,
} from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

const longLocal = 'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length);

describe('Email (application-behaviour §5): standard pattern, empty passes', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['jane@example.com', true],
    ['jane.doe@example.co.uk', true],
    ['jane+tag@sub.example.org', true],
    ["o'brien@example.ie", true],
    ['JANE_DOE-1@EXAMPLE.COM', true],
    [`${longLocal}@example.com`, true],
    ['jane', false],
    ['jane@', false],
    ['@example.com', false],
    ['jane@example', false],
    ['jane@example.c', false],
    ['jane@@example.com', false],
    ['jane doe@example.com', false],
    [' jane@example.com', false],
    ['.jane@example.com', false],
    ['jane.@example.com', false],
    ['jane..doe@example.com', false],
    ['jane@-example.com', false],
  ])('%j → valid: %s', (value, valid) => {
    expect(messagesOf(Email, value)).toEqual(valid ? [] : ['Validations.InvalidEmail']);
  });

  it('refuses more than 254 characters with MaxLength { max: 254 }', () => {
    const [issue] = issuesOf(Email, `${longLocal}a@example.com`);
    expect(issue).toMatchObject({ message: 'Validations.MaxLength', params: { max: 254 } });
  });

  it.each<[unknown, string]>([
    [undefined, 'Validations.Required'],
    [42, 'Validations.InvalidValues'],
  ])('a non-string %j fails with %s', (value, message) => {
    expect(messagesOf(Email, value)).toEqual([message]);
  });
});

describe('RequiredEmail (application-behaviour §5): required for login and account', () => {
  it.each<[unknown, string[]]>([
    ['jane@example.com', []],
    ['', ['Validations.Required']],
    [undefined, ['Validations.Required']],
    [null, ['Validations.Required']],
    ['jane', ['Validations.InvalidEmail']],
    [' jane@example.com ', ['Validations.InvalidEmail']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(RequiredEmail, value)).toEqual(expected);
  });
});

describe('NewEmailPair (policy §5 "The retyped email must match")', () => {
  it.each<[string, string, string[]]>([
    ['kari@example.com', 'kari@example.com', []],
    ['kari@example.com', ' Kari@Example.com ', []],
    ['kari@example.com', 'kari@example.no', ['emailRepeat: Validations.EmailsDoNotMatch']],
    ['kari@example.com', '', ['emailRepeat: Validations.EmailsDoNotMatch']],
  ])('%j retyped as %j → %j', (email, emailRepeat, expected) => {
    const result = NewEmailPair.safeParse({ email, emailRepeat });
    expect(
      result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    ).toEqual(expected);
  });
});

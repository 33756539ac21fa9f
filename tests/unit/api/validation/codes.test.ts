import { describe, expect, it } from 'vitest';
import { ActivationCode, VerificationCode } from '../../../../src/api/validation';
import { messagesOf } from './support';

describe.each([
  ['VerificationCode (application-behaviour §5)', VerificationCode],
  ['ActivationCode (policy-and-vocabulary §5)', ActivationCode],
])('%s: exactly 6 digits', (_name, schema) => {
  it.each<[unknown, string[]]>([
    ['123456', []],
    ['000000', []],
    ['12345', ['Validations.CodeInvalid']],
    ['1234567', ['Validations.CodeInvalid']],
    ['12345a', ['Validations.CodeInvalid']],
    ['123 456', ['Validations.CodeInvalid']],
    [' 123456', ['Validations.CodeInvalid']],
    ['123456\n', ['Validations.CodeInvalid']],
    ['１２３４５６', ['Validations.CodeInvalid']],
    ['', ['Validations.Required']],
    [undefined, ['Validations.Required']],
    [123456, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(schema, value)).toEqual(expected);
  });
});

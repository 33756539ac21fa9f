import { describe, expect, it } from 'vitest';
import { NormalisedPhone, Phone, normalisePhone } from '../../../../src/api/validation';
import { messagesOf } from './support';

describe('normalisePhone (application-behaviour §5 "Phone")', () => {
  it.each<[string, string]>([
    ['+47 912 34 567', '+4791234567'],
    ['4791234567', '+4791234567'],
    ['0047 912 34 567', '+4791234567'],
    ['00 47 912 34 567', '+4791234567'],
    ['+0047 912 34 567', '+4791234567'],
    ['+44 (0)20 7946 0958', '+442079460958'],
    ['+44 ( 0 ) 20 7946 0958', '+442079460958'],
    ['+1 (202) 555-0143', '+12025550143'],
    ['+49-30-1234567', '+49301234567'],
    ['+31.20.123.4567', '+31201234567'],
    ['07700 900123', '+7700900123'],
    ['0 12345', '+12345'],
    ['1234', ''],
    ['01234', ''],
    ['001234', ''],
    ['12345', '+12345'],
    ['+', ''],
    ['', ''],
    ['abc', ''],
    ['  +47 912 34 567  ', '+4791234567'],
  ])('%j → %j', (input, expected) => {
    expect(normalisePhone(input)).toBe(expected);
  });

  it('is idempotent on its own output', () => {
    expect(normalisePhone(normalisePhone('0047 912 34 567'))).toBe('+4791234567');
  });
});

describe('Phone: required, 7 to 15 digits once normalised, phone characters only', () => {
  it.each<[unknown, string[]]>([
    ['+47 912 34 567', []],
    ['0047 91234567', []],
    ['+44 (0)20 7946 0958', []],
    ['1234567', []],
    ['123456', ['Validations.PhoneInvalid']],
    ['01234567', []],
    ['0123456', ['Validations.PhoneInvalid']],
    ['00123456', ['Validations.PhoneInvalid']],
    ['123456789012345', []],
    ['1234567890123456', ['Validations.PhoneInvalid']],
    ['+47 912a34567', ['Validations.PhoneInvalid']],
    ['call 4791234567', ['Validations.PhoneInvalid']],
    ['47+91234567', ['Validations.PhoneInvalid']],
    ['++4791234567', ['Validations.PhoneInvalid']],
    ['   ', ['Validations.PhoneInvalid']],
    ['', ['Validations.Required']],
    [undefined, ['Validations.Required']],
    [4791234567, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(Phone, value)).toEqual(expected);
  });

  it('leaves the value as typed; NormalisedPhone gives the saved form', () => {
    expect(Phone.parse('0047 912 34 567')).toBe('0047 912 34 567');
    expect(NormalisedPhone.parse('0047 912 34 567')).toBe('+4791234567');
    expect(messagesOf(NormalisedPhone, '123')).toEqual(['Validations.PhoneInvalid']);
  });
});

import { describe, expect, it } from 'vitest';
import { DeviceNickname, Imei } from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

describe('DeviceNickname (application-behaviour §5): letters, digits, spaces, underscore, ≤ 20', () => {
  it.each<[unknown, string[]]>([
    ['', []],
    ['My watch', []],
    ['watch_2', []],
    ['Øyvind sin klokke', []],
    ['Ma montre été', []],
    ['cafe\u0301', []],
    ['時計 1', []],
    ['ساعة', []],
    ['a'.repeat(20), []],
    ['a'.repeat(21), ['Validations.MaxLength']],
    ['my-watch', ['Validations.DeviceNicknameInvalid']],
    ["Jane's", ['Validations.DeviceNicknameInvalid']],
    ['watch!', ['Validations.DeviceNicknameInvalid']],
    ['watch.1', ['Validations.DeviceNicknameInvalid']],
    ['watch\t1', ['Validations.DeviceNicknameInvalid']],
    ['watch\n', ['Validations.DeviceNicknameInvalid']],
    ['⌚', ['Validations.DeviceNicknameInvalid']],
    ['<b>', ['Validations.DeviceNicknameInvalid']],
    [undefined, ['Validations.Required']],
    [5, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(DeviceNickname, value)).toEqual(expected);
  });

  it('carries max 20 in the MaxLength params', () => {
    expect(issuesOf(DeviceNickname, 'a'.repeat(21))[0]).toMatchObject({ params: { max: 20 } });
  });
});

describe('Imei (application-behaviour §5): exactly 15 digits or underscores', () => {
  it.each<[unknown, string[]]>([
    ['12345678901234', ['Validations.ImeiInvalid']],
    ['123456789012345', []],
    ['1234567890123456', ['Validations.ImeiInvalid']],
    ['12345678901234_', []],
    ['_______________', []],
    ['12345678901234a', ['Validations.ImeiInvalid']],
    ['1234567 9012345', ['Validations.ImeiInvalid']],
    ['12345678901234-', ['Validations.ImeiInvalid']],
    ['１２３４５６７８９０１２３４５', ['Validations.ImeiInvalid']],
    ['', ['Validations.Required']],
    [undefined, ['Validations.Required']],
    [123456789012345, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(Imei, value)).toEqual(expected);
  });
});

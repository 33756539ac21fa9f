import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Required, isPresent, requiredCheck } from '../../../../src/api/validation';
import { messagesOf } from './support';

describe('isPresent (application-behaviour §5 "Required")', () => {
  it.each<[unknown, boolean]>([
    [null, false],
    [undefined, false],
    ['', false],
    [0, false],
    [1, true],
    [-1, true],
    ['0', true],
    [' ', true],
    ['a', true],
    [false, true],
    [true, true],
    [[], true],
    [{}, true],
  ])('%j → %s', (value, expected) => {
    expect(isPresent(value)).toBe(expected);
  });
});

describe('Required', () => {
  it.each<[unknown, string[]]>([
    [null, ['Validations.Required']],
    [undefined, ['Validations.Required']],
    ['', ['Validations.Required']],
    [0, ['Validations.Required']],
    [1, []],
    ['x', []],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(Required, value)).toEqual(expected);
  });

  it('fails on a missing key of an object', () => {
    expect(messagesOf(z.object({ ShareEmergencyAlert: Required }), {})).toEqual([
      'Validations.Required',
    ]);
  });

  it('requiredCheck aborts the later checks, so an empty field shows only Required', () => {
    const schema = z.string().check(
      requiredCheck,
      z.refine(() => false, 'other'),
    );
    expect(messagesOf(schema, '')).toEqual(['Validations.Required']);
    expect(messagesOf(schema, 'a')).toEqual(['other']);
  });
});

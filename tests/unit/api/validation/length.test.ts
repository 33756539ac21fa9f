import { describe, expect, it } from 'vitest';
import {
  MAX_LENGTH_LONG,
  MAX_LENGTH_MEDIUM,
  MAX_LENGTH_SHORT,
  characterCount,
  maxLength,
} from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

describe('max length constants (application-behaviour §5 "Max length")', () => {
  it('are 20, 30 and 50', () => {
    expect([MAX_LENGTH_SHORT, MAX_LENGTH_MEDIUM, MAX_LENGTH_LONG]).toEqual([20, 30, 50]);
  });
});

describe('maxLength(n)', () => {
  it.each([
    [20, 20, true],
    [20, 21, false],
    [30, 30, true],
    [30, 31, false],
    [50, 50, true],
    [50, 51, false],
    [20, 0, true],
  ])('max %i, %i characters → passes: %s', (max, length, passes) => {
    expect(messagesOf(maxLength(max), 'a'.repeat(length))).toEqual(
      passes ? [] : ['Validations.MaxLength'],
    );
  });

  it.each([
    ['a control character', 'Bo\u0001b'],
    ['an escape sequence', 'Bob\u001b[31m'],
    ['a line break', 'Prijon\nKayaks'],
    ['DEL', 'Bob\u007f'],
    ['a right-to-left override', 'Bob\u202eevil'],
    ['a lone surrogate', 'Bob\ud800'],
  ])('refuses %s as not plain text', (_name, value) => {
    expect(messagesOf(maxLength(30), value)).toEqual(['Validations.TextInvalidCharacters']);
  });

  it('keeps letters of any script, marks, symbols and joiners', () => {
    expect(messagesOf(maxLength(30), 'Helly Hansen® Zoë می\u200cخواهم')).toEqual([]);
  });

  it('carries the bound in the issue params for interpolation', () => {
    const [issue] = issuesOf(maxLength(30), 'a'.repeat(31));
    expect(issue).toMatchObject({ message: 'Validations.MaxLength', params: { max: 30 } });
  });

  it('counts code points: 20 emoji (40 UTF-16 units) pass a max of 20, 21 fail', () => {
    expect(characterCount('😀'.repeat(20))).toBe(20);
    expect(messagesOf(maxLength(20), '😀'.repeat(20))).toEqual([]);
    expect(messagesOf(maxLength(20), '😀'.repeat(21))).toEqual(['Validations.MaxLength']);
  });

  it.each<[unknown, string]>([
    [undefined, 'Validations.Required'],
    [null, 'Validations.Required'],
    [12, 'Validations.InvalidValues'],
  ])('a non-string %j fails with %s', (value, message) => {
    expect(messagesOf(maxLength(20), value)).toEqual([message]);
  });
});

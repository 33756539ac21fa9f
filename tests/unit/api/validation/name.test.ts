import { describe, expect, it } from 'vitest';
import { NAME_FORBIDDEN_SYMBOLS, PersonName } from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

describe('PersonName (application-behaviour §5 "Name")', () => {
  it.each<[string, string[]]>([
    ['a'.repeat(20), []],
    ['a'.repeat(21), ['Validations.MaxLength']],
    ['Jane', []],
    ["O'Brien", []],
    ['Jean-Luc', []],
    ['St. John', []],
    ['Mary Ann', []],
    ['Zoë', []],
    ['Zoe\u0308', []],
    ['Łukasz', []],
    ['Søren', []],
    ['Ólafur', []],
    ['Иван', []],
    ['山田', []],
    ['محمد', []],
    ['می\u200cخواهم', []],
    ['Jane2', ['Validations.NameInvalidCharacters']],
    ['0', ['Validations.NameInvalidCharacters']],
    ['Jane٣', ['Validations.NameInvalidCharacters']],
    ['Jane\nDoe', ['Validations.NameInvalidCharacters']],
    ['Jane\tDoe', ['Validations.NameInvalidCharacters']],
    ['Bob\u202eevil', ['Validations.NameInvalidCharacters']],
    ['Bob\u2066x\u2069', ['Validations.NameInvalidCharacters']],
    ['Bob\ud800', ['Validations.NameInvalidCharacters']],
    ['', ['Validations.Required']],
    ['   ', ['Validations.Required']],
    [' \u00a0 ', ['Validations.Required']],
    [` ${'a'.repeat(20)} `, []],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(PersonName, value)).toEqual(expected);
  });

  it('parses a name without the spaces around it', () => {
    expect(PersonName.parse('  Kari Nordmann ')).toBe('Kari Nordmann');
  });

  it('lists exactly the spec symbols', () => {
    expect(Array.from(NAME_FORBIDDEN_SYMBOLS).sort()).toEqual(
      '_ ! ? / \\ + = @ # $ % & * ( ) { } | ~ < > ; : [ ]'.split(' ').sort(),
    );
  });

  it.each(Array.from(NAME_FORBIDDEN_SYMBOLS))('refuses the symbol %s', (symbol) => {
    expect(messagesOf(PersonName, `Ja${symbol}ne`)).toEqual(['Validations.NameInvalidCharacters']);
  });

  it.each(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])('refuses the digit %s', (digit) => {
    expect(messagesOf(PersonName, `Jane${digit}`)).toEqual(['Validations.NameInvalidCharacters']);
  });

  it('reports both length and characters when both fail, length first', () => {
    expect(messagesOf(PersonName, `${'a'.repeat(20)}1`)).toEqual([
      'Validations.MaxLength',
      'Validations.NameInvalidCharacters',
    ]);
  });

  it('carries max 20 in the MaxLength params', () => {
    expect(issuesOf(PersonName, 'a'.repeat(21))[0]).toMatchObject({ params: { max: 20 } });
  });

  it.each<[unknown, string]>([
    [undefined, 'Validations.Required'],
    [null, 'Validations.Required'],
    [7, 'Validations.InvalidValues'],
  ])('a non-string %j fails with %s', (value, message) => {
    expect(messagesOf(PersonName, value)).toEqual([message]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  NOTE_TEXT_SYMBOLS,
  NoteText,
  noteTextSchema,
  sanitiseNoteText,
} from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

describe('NoteText (application-behaviour §5): letters, numbers, punctuation, marks, some symbols', () => {
  it.each<[unknown, string[]]>([
    ['', []],
    ['On my way, back at 18:30!', []],
    ['Line one\nline two\r\n', []],
    ['"Quoted" (brackets) [x] {y} - _ / \\ @ # % & * ? ; \' …', []],
    ['¿Dónde estás? ¡Aquí!', []],
    ['Ça va très bien', []],
    ['cafe\u0301', []],
    ['こんにちは、元気？', []],
    ['مرحبا، كيف حالك؟', []],
    ['½ ² Ⅻ ٣', []],
    ['Cost $5 + €3 = £7 < ¥900 > 0 ± 1 × 2 ÷ 3 ^ ~ | 20°', []],
    ['non\u00a0breaking', []],
    ['On my way 🚴', ['Validations.NoteTextInvalid']],
    ['❤', ['Validations.NoteTextInvalid']],
    ['tab\there', ['Validations.NoteTextInvalid']],
    ['bell\u0007', ['Validations.NoteTextInvalid']],
    ['back`tick', ['Validations.NoteTextInvalid']],
    ['©', ['Validations.NoteTextInvalid']],
    ['™', ['Validations.NoteTextInvalid']],
    ['→', ['Validations.NoteTextInvalid']],
    ['\u202eevil', ['Validations.NoteTextInvalid']],
    [undefined, ['Validations.Required']],
    [42, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(NoteText, value)).toEqual(expected);
  });

  it.each(Array.from(NOTE_TEXT_SYMBOLS))('allows the listed symbol %s', (symbol) => {
    expect(messagesOf(NoteText, `a ${symbol} b`)).toEqual([]);
  });
});

describe('sanitiseNoteText (policy-and-vocabulary §5 "Invalid characters are removed")', () => {
  it.each<[string, string]>([
    ['On my way 🚴!', 'On my way !'],
    ['I ❤ you', 'I  you'],
    ['tab\there', 'tabhere'],
    ['ok ✓ 👍🏽', 'ok  '],
    ['Fine, thanks.', 'Fine, thanks.'],
  ])('%j → %j', (value, expected) => {
    expect(sanitiseNoteText(value)).toBe(expected);
  });

  it('always yields valid note text', () => {
    const messy = 'a🚴b\tc\u0007d©e™f→g`h';
    expect(messagesOf(NoteText, sanitiseNoteText(messy))).toEqual([]);
  });
});

describe('noteTextSchema(max)', () => {
  it.each<[string, string[]]>([
    ['a'.repeat(50), []],
    ['a'.repeat(51), ['Validations.MaxLength']],
    ['🚴', ['Validations.NoteTextInvalid']],
  ])('max 50: %j → %j', (value, expected) => {
    expect(messagesOf(noteTextSchema(50), value)).toEqual(expected);
  });

  it('carries the bound in the params', () => {
    expect(issuesOf(noteTextSchema(50), 'a'.repeat(51))[0]).toMatchObject({ params: { max: 50 } });
  });
});

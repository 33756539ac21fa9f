import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as validation from '../../../../src/api/validation';
import { VALIDATION_MESSAGE_KEYS } from '../../../../src/api/validation';
import { VALIDATION_NOTICE_KEYS } from '../../../../src/api/validation/messages';

const english = JSON.parse(
  readFileSync(new URL('../../../../locales/en/Validations.json', import.meta.url), 'utf8'),
) as Record<string, string>;

const lastSegment = (key: string) => key.replace(/^Validations\./, '');

const START = 1_700_000_000_000;
const wrongTypes: unknown[] = [undefined, null, 0, 1, Number.NaN, true, {}, [], 'x', ''];

// Every schema of the folder, with inputs that reach each of its failure branches.
const corpus: [string, z.ZodMiniType, unknown[]][] = [
  ['Required', validation.Required, []],
  ['maxLength(20)', validation.maxLength(20), ['a'.repeat(21), 'Bo\u0001b']],
  ['VerificationCode', validation.VerificationCode, ['123456', '12345']],
  ['ActivationCode', validation.ActivationCode, ['123456', '1234567']],
  ['Email', validation.Email, ['a@b', 'a'.repeat(300)]],
  ['RequiredEmail', validation.RequiredEmail, ['a@b', `${'a'.repeat(300)}@example.com`]],
  ['PersonName', validation.PersonName, ['Jane1', 'a'.repeat(21)]],
  ['Password', validation.Password, ['short', 'has space', `Aa1!${'x'.repeat(99)}`]],
  ['SignUpPassword', validation.SignUpPassword, ['  ', 'short', 'a b']],
  ['LoginPassword', validation.LoginPassword, ['x'.repeat(257)]],
  [
    'NewEmailPair',
    validation.NewEmailPair,
    [{ email: 'a@example.com', emailRepeat: 'b@example.com' }],
  ],
  [
    'NewPasswordPair',
    validation.NewPasswordPair,
    [{ password: 'Fjord#Paddle7', passwordRepeat: 'Fjord#Paddle8' }],
  ],
  ['Phone', validation.Phone, ['123', 'abc']],
  [
    'uniqueIds',
    z
      .array(
        z.object(
          { Id: z.optional(z.number({ error: validation.typeError })) },
          { error: validation.typeError },
        ),
        { error: validation.typeError },
      )
      .check(z.superRefine(validation.uniqueIds('Id'))),
    [[{ Id: 1 }, {}, { Id: 1 }]],
  ],
  ['NormalisedPhone', validation.NormalisedPhone, ['123']],
  ['DateYmd', validation.DateYmd, ['2023/02/29']],
  ['DateOfBirth', validation.DateOfBirth, ['2999/01/01', '2023/02/29']],
  ['DeviceNickname', validation.DeviceNickname, ['a-b', 'a'.repeat(21)]],
  ['Imei', validation.Imei, ['123']],
  ['NoteText', validation.NoteText, ['🚴']],
  ['noteTextSchema(50)', validation.noteTextSchema(50), ['🚴', 'a'.repeat(51)]],
  ['SplitsDistance', validation.SplitsDistance, ['abc', 0.01, 101]],
  ['SplitsTime', validation.SplitsTime, ['abc', 0.5, 61]],
  ['FavouriteActivityTypes', validation.FavouriteActivityTypes, [Array(10).fill('HIKING'), [1]]],
  [
    'TrimRange',
    validation.TrimRange(START, START + 3_600_000),
    [
      { NewActivityStart: START, NewActivityEnd: START + 1 },
      { NewActivityStart: START - 1, NewActivityEnd: START + 3_600_001 },
      { NewActivityStart: 'x' },
    ],
  ],
  [
    'SharedAlertChoices',
    validation.SharedAlertChoices,
    [[{ ShareAssistanceAlert: false, ShareEmergencyAlert: false }], [{}], [1]],
  ],
  [
    'ShareActivityNeedsEmail',
    validation.ShareActivityNeedsEmail,
    [{ ShareActivity: true }, { ShareActivity: 1, Email: 2 }],
  ],
];

const emitted = corpus.flatMap(([name, schema, inputs]) =>
  [...wrongTypes, ...inputs].flatMap((input) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => ({ name, input, issue }));
  }),
);

describe('messages (application-behaviour §5: shown from translation keys)', () => {
  it('every message a schema emits is a listed key', () => {
    const unlisted = emitted.filter(
      ({ issue }) => !(VALIDATION_MESSAGE_KEYS as readonly string[]).includes(issue.message),
    );
    expect(unlisted.map(({ name, issue }) => `${name}: ${issue.message}`)).toEqual([]);
  });

  it('every listed key is emitted by some schema (no dead keys)', () => {
    const messages = new Set(emitted.map(({ issue }) => issue.message));
    expect(VALIDATION_MESSAGE_KEYS.filter((key) => !messages.has(key))).toEqual([]);
  });

  it('keys are unique and all under Validations.', () => {
    expect(new Set(VALIDATION_MESSAGE_KEYS).size).toBe(VALIDATION_MESSAGE_KEYS.length);
    for (const key of VALIDATION_MESSAGE_KEYS) expect(key).toMatch(/^Validations\.[A-Za-z]+$/);
  });

  it('locales/en/Validations.json has exactly the listed keys, each with text', () => {
    expect(Object.keys(english).sort()).toEqual(
      [...VALIDATION_MESSAGE_KEYS, ...VALIDATION_NOTICE_KEYS].map(lastSegment).sort(),
    );
    for (const text of Object.values(english)) expect(text.trim()).not.toBe('');
  });

  it("uses the spec's English wording where it gives one", () => {
    expect(english).toMatchObject({
      Required: 'Required',
      InvalidNumber: 'Invalid number',
      MaxLength: 'Cannot be longer than {{max}} characters',
      Max: 'Cannot be more than {{max}}',
      InvalidValues: 'Please correct invalid values',
    });
    expect(english.PasswordNotComplex).toMatch(/not complex enough/);
  });

  it('every issue params matches the placeholders of its English text', () => {
    const mismatches = emitted.flatMap(({ name, issue }) => {
      const text = english[lastSegment(issue.message)] ?? '';
      const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      const params = Object.keys((issue as { params?: object }).params ?? {}).sort();
      return JSON.stringify(placeholders) === JSON.stringify(params)
        ? []
        : [`${name}: ${issue.message} params ${params.join()} text ${text}`];
    });
    expect(mismatches).toEqual([]);
  });
});

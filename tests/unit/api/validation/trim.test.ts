import { describe, expect, it } from 'vitest';
import { TRIM_MINIMUM_DURATION_MS, TrimRange } from '../../../../src/api/validation';
import { issuesOf } from './support';

const START = Date.UTC(2024, 5, 15, 10, 0, 0);
const END = START + 3_600_000;
const schema = TrimRange(START, END);

const summary = (NewActivityStart: unknown, NewActivityEnd: unknown) =>
  issuesOf(schema, { NewActivityStart, NewActivityEnd }).map((issue) => [
    issue.message,
    issue.path.join('.'),
  ]);

describe('TrimRange (policy-and-vocabulary §5 "Trim"): ≥ 1 minute, within the activity', () => {
  it('the minimum is one minute', () => {
    expect(TRIM_MINIMUM_DURATION_MS).toBe(60_000);
  });

  it.each<[string, unknown, unknown, string[][]]>([
    ['the whole activity', START, END, []],
    ['59 s', START, START + 59_000, [['Validations.TrimTooShort', 'NewActivityEnd']]],
    ['59.999 s', START, START + 59_999, [['Validations.TrimTooShort', 'NewActivityEnd']]],
    ['60 s', START, START + 60_000, []],
    ['60 s at the end', END - 60_000, END, []],
    ['zero length', START + 1000, START + 1000, [['Validations.TrimTooShort', 'NewActivityEnd']]],
    ['end before start', END, START, [['Validations.TrimTooShort', 'NewActivityEnd']]],
    ['start 1 ms early', START - 1, END, [['Validations.TrimOutOfRange', 'NewActivityStart']]],
    ['end 1 ms late', START, END + 1, [['Validations.TrimOutOfRange', 'NewActivityEnd']]],
    [
      'both outside',
      START - 1,
      END + 1,
      [
        ['Validations.TrimOutOfRange', 'NewActivityStart'],
        ['Validations.TrimOutOfRange', 'NewActivityEnd'],
      ],
    ],
    [
      'outside and too short',
      END + 1000,
      END + 30_000,
      [
        ['Validations.TrimOutOfRange', 'NewActivityStart'],
        ['Validations.TrimOutOfRange', 'NewActivityEnd'],
        ['Validations.TrimTooShort', 'NewActivityEnd'],
      ],
    ],
    ['missing end', START, undefined, [['Validations.Required', 'NewActivityEnd']]],
    ['a string start', String(START), END, [['Validations.InvalidValues', 'NewActivityStart']]],
    ['NaN end', START, Number.NaN, [['Validations.InvalidValues', 'NewActivityEnd']]],
  ])('%s', (_case, start, end, expected) => {
    expect(summary(start, end)).toEqual(expected);
  });

  it('carries minutes 1 in the TrimTooShort params', () => {
    const [issue] = issuesOf(schema, { NewActivityStart: START, NewActivityEnd: START + 1 });
    expect(issue).toMatchObject({ params: { minutes: 1 } });
  });

  it('refuses a non-object', () => {
    expect(issuesOf(schema, null).map((issue) => issue.message)).toEqual(['Validations.Required']);
    expect(issuesOf(schema, 5).map((issue) => issue.message)).toEqual([
      'Validations.InvalidValues',
    ]);
  });
});

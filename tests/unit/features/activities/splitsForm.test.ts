import { describe, expect, it } from 'vitest';
import {
  SplitsForm,
  splitsFormDefaults,
  type SplitsFormValues,
} from '../../../../src/features/activities/splits/splitsForm';

const distance = (Distance: string): SplitsFormValues => ({
  SplitType: 'DISTANCE_KM',
  Distance,
  Time: 'not read',
});
const time = (Time: string): SplitsFormValues => ({
  SplitType: 'TIME_MINUTES',
  Distance: 'not read',
  Time,
});

/** The first issue as the form shows it: field, translation key, params. */
function firstIssue(values: SplitsFormValues) {
  const result = SplitsForm.safeParse(values);
  if (result.success) return { parsed: result.data };
  const issue = result.error.issues[0];
  return {
    field: issue?.path.join('.'),
    key: issue?.message,
    params: issue && 'params' in issue ? issue.params : undefined,
  };
}

describe('the splits form (app §5 "Splits distance", "Splits time")', () => {
  it.each([
    // Splits distance: required, numeric, at most 100, at least 0.1 (km).
    { values: distance(''), outcome: { field: 'Distance', key: 'Validations.Required' } },
    { values: distance('0'), outcome: { field: 'Distance', key: 'Validations.Required' } },
    { values: distance('abc'), outcome: { field: 'Distance', key: 'Validations.InvalidNumber' } },
    {
      values: distance('100.5'),
      outcome: { field: 'Distance', key: 'Validations.Max', params: { max: 100 } },
    },
    {
      values: distance('0.05'),
      outcome: { field: 'Distance', key: 'Validations.Min', params: { min: 0.1 } },
    },
    { values: distance('0.1'), outcome: { parsed: { SplitType: 'DISTANCE_KM', Distance: 0.1 } } },
    { values: distance('100'), outcome: { parsed: { SplitType: 'DISTANCE_KM', Distance: 100 } } },
    { values: distance('0,5'), outcome: { parsed: { SplitType: 'DISTANCE_KM', Distance: 0.5 } } },
    // Splits time: required, numeric, at most 60, at least 1 (minutes).
    { values: time(' '), outcome: { field: 'Time', key: 'Validations.Required' } },
    { values: time('5min'), outcome: { field: 'Time', key: 'Validations.InvalidNumber' } },
    { values: time('61'), outcome: { field: 'Time', key: 'Validations.Max', params: { max: 60 } } },
    { values: time('0.5'), outcome: { field: 'Time', key: 'Validations.Min', params: { min: 1 } } },
    { values: time('1'), outcome: { parsed: { SplitType: 'TIME_MINUTES', Time: 1 } } },
    { values: time('60'), outcome: { parsed: { SplitType: 'TIME_MINUTES', Time: 60 } } },
  ])('$values.SplitType $values.Distance $values.Time → $outcome', ({ values, outcome }) => {
    expect(firstIssue(values)).toEqual(outcome);
  });

  it('starts from the saved settings, else 1 km and 5 minutes', () => {
    expect(splitsFormDefaults(null)).toEqual({
      SplitType: 'DISTANCE_KM',
      Distance: '1',
      Time: '5',
    });
    expect(splitsFormDefaults({ SplitType: 'TIME_MINUTES', Time: 10 })).toEqual({
      SplitType: 'TIME_MINUTES',
      Distance: '1',
      Time: '10',
    });
    expect(splitsFormDefaults({ SplitType: 'DISTANCE_KM', Distance: 0.5 })).toEqual({
      SplitType: 'DISTANCE_KM',
      Distance: '0.5',
      Time: '5',
    });
  });
});

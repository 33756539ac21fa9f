import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DateOfBirth,
  DateYmd,
  MINIMUM_AGE_YEARS,
  ageInYears,
  dateOfBirthSchema,
  dayFirstToYearFirst,
  daysInMonth,
  formatDateDmy,
  formatDateYmd,
  isLeapYear,
  parseDateYmd,
  yearFirstToDayFirst,
} from '../../../../src/api/validation';
import { issuesOf, messagesOf } from './support';

describe('DateYmd (application-behaviour §5 "Date"): YYYY/MM/DD, 1900–2999', () => {
  it.each<[unknown, string[]]>([
    ['1899/12/31', ['Validations.DateInvalid']],
    ['1900/01/01', []],
    ['2999/12/31', []],
    ['3000/01/01', ['Validations.DateInvalid']],
    ['2000/02/29', []],
    ['1900/02/29', ['Validations.DateInvalid']],
    ['2024/02/29', []],
    ['2023/02/29', ['Validations.DateInvalid']],
    ['2023/02/28', []],
    ['2400/02/29', []],
    ['2100/02/29', ['Validations.DateInvalid']],
    ['2024/04/30', []],
    ['2024/04/31', ['Validations.DateInvalid']],
    ['2024/06/31', ['Validations.DateInvalid']],
    ['2024/09/31', ['Validations.DateInvalid']],
    ['2024/11/31', ['Validations.DateInvalid']],
    ['2024/01/31', []],
    ['2024/12/31', []],
    ['2024/13/01', ['Validations.DateInvalid']],
    ['2024/00/10', ['Validations.DateInvalid']],
    ['2024/01/00', ['Validations.DateInvalid']],
    ['2024/01/32', ['Validations.DateInvalid']],
    ['2024/1/5', ['Validations.DateInvalid']],
    ['2024-01-05', ['Validations.DateInvalid']],
    ['05/01/2024', ['Validations.DateInvalid']],
    ['2024/01/05 ', ['Validations.DateInvalid']],
    ['20240105', ['Validations.DateInvalid']],
    ['', ['Validations.Required']],
    [undefined, ['Validations.Required']],
    [20240105, ['Validations.InvalidValues']],
  ])('%j → %j', (value, expected) => {
    expect(messagesOf(DateYmd, value)).toEqual(expected);
  });
});

describe('calendar helpers', () => {
  it.each<[number, boolean]>([
    [2000, true],
    [1900, false],
    [2024, true],
    [2023, false],
    [2100, false],
    [2400, true],
  ])('isLeapYear(%i) → %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each<[number, number, number]>([
    [2024, 2, 29],
    [2023, 2, 28],
    [2023, 4, 30],
    [2023, 12, 31],
  ])('daysInMonth(%i, %i) → %i', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it('parseDateYmd reads a valid date and refuses an invalid one', () => {
    expect(parseDateYmd('2024/02/29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDateYmd('2023/02/29')).toBeUndefined();
    expect(parseDateYmd('29/02/2024')).toBeUndefined();
  });

  it('formats zero-padded', () => {
    expect(formatDateYmd({ year: 2000, month: 2, day: 9 })).toBe('2000/02/09');
    expect(formatDateDmy({ year: 2000, month: 2, day: 9 })).toBe('09/02/2000');
  });
});

describe('converters between day-first and year-first forms (application-behaviour §5)', () => {
  it.each<[string, string]>([
    ['09/02/2000', '2000/02/09'],
    ['9/2/2000', '2000/02/09'],
    ['9.2.2000', '2000/02/09'],
    ['31-12-1999', '1999/12/31'],
    [' 29/02/2024 ', '2024/02/29'],
    ['2000/02/09', '2000/02/09'],
    ['garbage', 'garbage'],
    ['', ''],
  ])('dayFirstToYearFirst(%j) → %j', (input, expected) => {
    expect(dayFirstToYearFirst(input)).toBe(expected);
  });

  it.each<[string, string]>([
    ['2000/02/09', '09/02/2000'],
    ['2000/2/9', '09/02/2000'],
    ['2000-02-09', '09/02/2000'],
    ['09/02/2000', '09/02/2000'],
    ['garbage', 'garbage'],
  ])('yearFirstToDayFirst(%j) → %j', (input, expected) => {
    expect(yearFirstToDayFirst(input)).toBe(expected);
  });

  it('round-trips', () => {
    expect(yearFirstToDayFirst(dayFirstToYearFirst('01/03/1999'))).toBe('01/03/1999');
    expect(dayFirstToYearFirst(yearFirstToDayFirst('1999/03/01'))).toBe('1999/03/01');
  });
});

describe('ageInYears', () => {
  it.each<[string, string, number]>([
    ['2008/06/15', '2024/06/14', 15],
    ['2008/06/15', '2024/06/15', 16],
    ['2008/06/15', '2024/07/01', 16],
    ['2008/02/29', '2024/02/28', 15],
    ['2008/02/29', '2024/02/29', 16],
    ['2084/02/29', '2100/02/28', 15],
    ['2084/02/29', '2100/03/01', 16],
    ['2024/06/15', '2024/06/14', -1],
  ])('born %s, on %s → %i', (birth, on, age) => {
    const birthParts = parseDateYmd(birth);
    const onParts = parseDateYmd(on);
    if (!birthParts || !onParts) throw new Error('bad fixture');
    expect(ageInYears(birthParts, onParts)).toBe(age);
  });
});

describe('DateOfBirth (application-behaviour §5 "Minimum age": 16 years)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 16', () => {
    expect(MINIMUM_AGE_YEARS).toBe(16);
  });

  it.each<[Date, string, string[]]>([
    [new Date(2024, 5, 15), '2008/06/15', []],
    [new Date(2024, 5, 15), '2008/06/16', ['Validations.MinimumAge']],
    [new Date(2024, 5, 14, 23, 59), '2008/06/15', ['Validations.MinimumAge']],
    [new Date(2024, 5, 15, 0, 0), '2008/06/15', []],
    [new Date(2024, 1, 29), '2008/02/29', []],
    [new Date(2024, 1, 28), '2008/02/29', ['Validations.MinimumAge']],
    [new Date(2100, 1, 28), '2084/02/29', ['Validations.MinimumAge']],
    [new Date(2100, 2, 1), '2084/02/29', []],
    [new Date(2024, 5, 15), '1900/01/01', []],
    [new Date(2024, 5, 15), '2030/01/01', ['Validations.MinimumAge']],
    [new Date(2024, 5, 15), '2008/02/30', ['Validations.DateInvalid']],
    [new Date(2024, 5, 15), '', ['Validations.Required']],
  ])('on %s, born %j → %j', (today, value, expected) => {
    expect(messagesOf(dateOfBirthSchema(today), value)).toEqual(expected);
  });

  it('carries years 16 in the MinimumAge params', () => {
    expect(issuesOf(dateOfBirthSchema(new Date(2024, 5, 15)), '2010/01/01')[0]).toMatchObject({
      message: 'Validations.MinimumAge',
      params: { years: 16 },
    });
  });

  it('reads a "today" function at each parse', () => {
    let today = new Date(2024, 5, 14);
    const schema = dateOfBirthSchema(() => today);
    expect(messagesOf(schema, '2008/06/15')).toEqual(['Validations.MinimumAge']);
    today = new Date(2024, 5, 15);
    expect(messagesOf(schema, '2008/06/15')).toEqual([]);
  });

  it('DateOfBirth uses the current date at parse time', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 5, 14, 12));
    expect(messagesOf(DateOfBirth, '2008/06/15')).toEqual(['Validations.MinimumAge']);
    vi.setSystemTime(new Date(2024, 5, 15, 12));
    expect(messagesOf(DateOfBirth, '2008/06/15')).toEqual([]);
  });
});

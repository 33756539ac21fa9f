import * as z from 'zod/mini';
import { baseString, rule } from './messages';
import { requiredCheck } from './required';

/** Earliest year a date may have (application-behaviour §5 "Date"). */
export const DATE_YEAR_MIN = 1900;
/** Latest year a date may have (application-behaviour §5 "Date"). */
export const DATE_YEAR_MAX = 2999;
/** Minimum age of a member, in whole years (application-behaviour §5 "Minimum age"). */
export const MINIMUM_AGE_YEARS = 16;

/** A calendar date: `month` is 1–12 and `day` 1–31. */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const YEAR_FIRST = /^([0-9]{4})\/([0-9]{2})\/([0-9]{2})$/;
// Day-first as people type it: 1 or 2 digit day and month, 4 digit year, separated by / . or -.
const DAY_FIRST = /^([0-9]{1,2})[/.-]([0-9]{1,2})[/.-]([0-9]{4})$/;
const YEAR_FIRST_LOOSE = /^([0-9]{4})[/.-]([0-9]{1,2})[/.-]([0-9]{1,2})$/;

/** Whether `year` is a Gregorian leap year: divisible by 4, and by 400 when divisible by 100. */
export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** The number of days of `month` (1–12) in `year`, 28–31. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Whether `parts` is a real calendar day with a year from 1900 to 2999 (application-behaviour §5 "Date"). */
export function isValidDateParts({ year, month, day }: DateParts): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= DATE_YEAR_MIN &&
    year <= DATE_YEAR_MAX &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/**
 * Reads a year-first date `YYYY/MM/DD` (exactly 4, 2 and 2 digits) into its parts, or `undefined` when
 * the text does not have that form or is not a valid day from 1900 to 2999 (application-behaviour §5).
 */
export function parseDateYmd(value: string): DateParts | undefined {
  const match = YEAR_FIRST.exec(value);
  if (!match) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidDateParts(parts) ? parts : undefined;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** Writes `parts` as `YYYY/MM/DD`, zero-padded, e.g. `{ year: 2000, month: 2, day: 9 }` → `2000/02/09`. No range check. */
export function formatDateYmd({ year, month, day }: DateParts): string {
  return `${pad(year, 4)}/${pad(month, 2)}/${pad(day, 2)}`;
}

/** Writes `parts` as `DD/MM/YYYY`, zero-padded, e.g. `{ year: 2000, month: 2, day: 9 }` → `09/02/2000`. No range check. */
export function formatDateDmy({ year, month, day }: DateParts): string {
  return `${pad(day, 2)}/${pad(month, 2)}/${pad(year, 4)}`;
}

/** The calendar date of `date` in the runtime's time zone (the browser's, or the server's). */
export function datePartsOf(date: Date): DateParts {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * Converts a day-first date (`D/M/YYYY` or `DD/MM/YYYY`, separator `/`, `.` or `-`) to the year-first
 * form `YYYY/MM/DD` (application-behaviour §5 "converted between day/month/year and year-first forms"),
 * e.g. `9.2.2000` → `2000/02/09`. Text of any other form is returned unchanged, so the date rule can
 * then reject it. Does not check that the day exists.
 */
export function dayFirstToYearFirst(value: string): string {
  const match = DAY_FIRST.exec(value.trim());
  if (!match) return value;
  return formatDateYmd({ day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) });
}

/**
 * Converts a year-first date (`YYYY/M/D` or `YYYY/MM/DD`, separator `/`, `.` or `-`) to the day-first
 * form `DD/MM/YYYY` (application-behaviour §5), e.g. `2000/02/09` → `09/02/2000`. Text of any other
 * form is returned unchanged. Does not check that the day exists.
 */
export function yearFirstToDayFirst(value: string): string {
  const match = YEAR_FIRST_LOOSE.exec(value.trim());
  if (!match) return value;
  return formatDateDmy({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) });
}

/**
 * Whole years from `birth` to `on`. A 29 February birthday falls on 1 March in a year without one.
 */
export function ageInYears(birth: DateParts, on: DateParts): number {
  const hadBirthday = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (hadBirthday ? 0 : 1);
}

const dateChecks = [
  requiredCheck,
  rule<string>((value) => parseDateYmd(value) !== undefined, 'Validations.DateInvalid', {
    abort: true,
  }),
] as const;

/**
 * A date in the year-first form `YYYY/MM/DD` (application-behaviour §5 "Date"; policy-and-vocabulary §5):
 * required (`Validations.Required`); exactly that form, a real day (30 April, 29 February only in leap
 * years), a year from 1900 to 2999 (`Validations.DateInvalid`). Convert a day-first entry with
 * {@link dayFirstToYearFirst} before validating.
 */
export const DateYmd = baseString().check(...dateChecks);

/**
 * A date of birth: the {@link DateYmd} rule, then an age of at least {@link MINIMUM_AGE_YEARS} (16)
 * whole years on `today`'s calendar date (`Validations.MinimumAge`, `params: { years: 16 }`;
 * application-behaviour §5 "Minimum age"). The 16th birthday itself passes, the day before fails.
 * `today` is a date, or a function read at each parse (so a long-running server does not freeze the
 * day); its calendar date is taken in the runtime's time zone.
 */
export function dateOfBirthSchema(today: Date | (() => Date)): z.ZodMiniString<string> {
  return baseString().check(
    ...dateChecks,
    rule<string>(
      (value) => {
        const birth = parseDateYmd(value);
        const now = datePartsOf(typeof today === 'function' ? today() : today);
        return birth !== undefined && ageInYears(birth, now) >= MINIMUM_AGE_YEARS;
      },
      'Validations.MinimumAge',
      { params: { years: MINIMUM_AGE_YEARS } },
    ),
  );
}

/** {@link dateOfBirthSchema} against the current date, read at each parse (application-behaviour §5). */
export const DateOfBirth = dateOfBirthSchema(() => new Date());

import * as z from 'zod/mini';
import type { Wearer } from '../../../api/entities/member';
import { LanguageCode, Sex, type DateFormat } from '../../../api/enums';
import {
  DateYmd,
  NormalisedPhone,
  PersonName,
  dayFirstToYearFirst,
  typeError,
  yearFirstToDayFirst,
} from '../../../api/validation';

/**
 * Reads a date as typed, day-first (`9/2/2000`, `09.02.2000`) or year-first (`2000-2-9`,
 * `2000/02/09`), into the saved form `YYYY/MM/DD` (spec §5 "converted between day/month/year and
 * year-first forms"). Text of neither form comes back trimmed and unchanged, for the date rule to
 * reject. The year's four digits tell the two forms apart, so either is accepted whatever the display
 * format.
 */
export function toYearFirst(text: string): string {
  return dayFirstToYearFirst(yearFirstToDayFirst(text.trim()));
}

/**
 * A saved `YYYY/MM/DD` date in the client's display format (spec §3 Units `DateFormat`):
 * `DD/MM/YYYY` day-first, `YYYY-MM-DD` with dashes, `YYYY/MM/DD` as saved. Null gives ''.
 */
export function dateForDisplay(ymd: string | null, format: DateFormat): string {
  if (!ymd) return '';
  if (format === 'DD/MM/YYYY') return yearFirstToDayFirst(ymd);
  if (format === 'YYYY-MM-DD') return ymd.replaceAll('/', '-');
  return ymd;
}

/** The translation key of the hint naming a display format, e.g. 'dd/mm/yyyy'. */
export const DATE_FORMAT_HINT_KEYS: Readonly<Record<DateFormat, string>> = {
  'DD/MM/YYYY': 'Settings.PersonalDetails.DateFormats.DayFirst',
  'YYYY-MM-DD': 'Settings.PersonalDetails.DateFormats.YearFirstDashes',
  'YYYY/MM/DD': 'Settings.PersonalDetails.DateFormats.YearFirstSlashes',
};

const trimmed = () => z.string({ error: typeError }).check(z.trim());
const required = { error: () => 'Validations.Required' };

/**
 * The personal-details form (spec §5 rules, §7 member-wearer-update fields): names (trimmed, then the
 * Name rule), the date of birth as typed and parsed to `YYYY/MM/DD` (the Date rule; the minimum age of
 * 16 is checked by the save epic against the store's clock), sex, phone (normalised to `+` and digits)
 * and the member's language.
 */
export const PersonalDetailsForm = z.object({
  nameFirst: z.pipe(trimmed(), PersonName),
  nameLast: z.pipe(trimmed(), PersonName),
  dateOfBirth: z.pipe(z.pipe(z.string({ error: typeError }), z.transform(toYearFirst)), DateYmd),
  sex: z.enum(Sex.options, required),
  phone: NormalisedPhone,
  language: z.enum(LanguageCode.options, required),
});
export type PersonalDetailsFormInput = z.input<typeof PersonalDetailsForm>;
export type PersonalDetailsFormOutput = z.output<typeof PersonalDetailsForm>;

/** The form's starting values: the wearer's record, the date in the display `format`. */
export function personalDetailsDefaults(
  wearer: Wearer,
  format: DateFormat,
): PersonalDetailsFormInput {
  return {
    nameFirst: wearer.NameFirst,
    nameLast: wearer.NameLast,
    dateOfBirth: dateForDisplay(wearer.DateOfBirth, format),
    sex: wearer.Sex,
    phone: wearer.PhoneNumber ?? '',
    language: wearer.LanguageCode,
  };
}

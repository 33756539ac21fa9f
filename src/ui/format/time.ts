import type { Day } from 'date-fns';
import type { TimeFormat, TimeMode } from '../../api/enums';
import { intlLocale } from './measure';

/**
 * The first day of the week for date-fns (`{ weekStartsOn: WEEK_STARTS_ON }`): Monday (app §9
 * "Defaults": "Weeks start on Monday").
 */
export const WEEK_STARTS_ON: Day = 1;

let systemZone: string | undefined;

/**
 * The IANA zone of the browser (or of Node in tests), e.g. "Europe/Amsterdam", read once per page:
 * the first `Intl.DateTimeFormat` of a page loads the engine's locale data (tens of ms on a slow
 * machine), and every screen's formatter asks for it. A zone changed while the page is open shows
 * after a reload.
 */
export function systemTimeZone(): string {
  systemZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  return systemZone;
}

const knownZones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone name `Intl` knows ("Pacific/Auckland", "UTC"). */
export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/**
 * The IANA zone times show in for a time mode (app §3 "Time modes"): `UTC` → "UTC"; `Local
 * Browser` → `browserTimeZone` (default: the browser's own zone, injectable for tests); `Client
 * Timezone` → `clientTimeZone` (the client's `Units.Timezone`). A zone `Intl` does not know gives
 * "UTC", so one misconfigured client cannot break every screen.
 */
export function resolveTimeZone(
  mode: TimeMode,
  clientTimeZone: string,
  browserTimeZone: string = systemTimeZone(),
): string {
  const zone =
    mode === 'Local Browser'
      ? browserTimeZone
      : mode === 'Client Timezone'
        ? clientTimeZone
        : 'UTC';
  return isTimeZone(zone) ? zone : 'UTC';
}

/** How {@link formatTime} shows a time of day. */
export interface ClockOptions {
  /** IANA zone, from {@link resolveTimeZone}. */
  readonly timeZone: string;
  /** '24 hour' ("00:05") or '12 hour' ("12:05 AM") (app §3 "Time format"). */
  readonly timeFormat: TimeFormat;
  /** BCP 47 tag or spec language code: the 12-hour day period and the separator follow it. */
  readonly locale: string;
  /** Show seconds ("00:05:09"); default false. */
  readonly seconds?: boolean;
}

/** How {@link formatDate} shows a calendar date. */
export interface CalendarOptions {
  /** IANA zone, from {@link resolveTimeZone}. */
  readonly timeZone: string;
  /**
   * A pattern of the tokens YYYY, MM and DD (app §3 "Units defaults": DateFormat YYYY-MM-DD; the
   * enum also holds YYYY/MM/DD and DD/MM/YYYY); other characters are kept as written.
   */
  readonly dateFormat: string;
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cachedFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions & { timeZone: string },
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

function assertInstant(epochMs: number): void {
  if (!Number.isFinite(epochMs))
    throw new RangeError(`Cannot format a non-finite time: ${epochMs}`);
}

/**
 * The time of day of `epochMs` (epoch ms) on the clock of `options.timeZone`: 24 hour "00:05",
 * "13:45" (hours padded); 12 hour "12:05 AM", "12:00 PM", "1:45 PM" in English (midnight is 12 AM,
 * noon 12 PM; the day period is the locale's). Narrow and non-breaking spaces some engines put
 * before the day period become plain spaces, so every browser renders and copies the same text.
 * Throws RangeError when `epochMs` is not finite or the zone is unknown.
 */
export function formatTime(epochMs: number, options: ClockOptions): string {
  assertInstant(epochMs);
  const twelveHour = options.timeFormat === '12 hour';
  const format = cachedFormat(options.locale, {
    timeZone: options.timeZone,
    hour: twelveHour ? 'numeric' : '2-digit',
    minute: '2-digit',
    ...(options.seconds ? { second: '2-digit' } : {}),
    hourCycle: twelveHour ? 'h12' : 'h23',
  });
  return format.format(epochMs).replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * The calendar date of `epochMs` (epoch ms) in `options.timeZone`, laid out by
 * `options.dateFormat`: "2024-01-16" for YYYY-MM-DD, "16/01/2024" for DD/MM/YYYY. The date is the
 * zone's, so an instant late on 15 January UTC is 16 January in Pacific/Auckland. Throws RangeError
 * when `epochMs` is not finite or the zone is unknown.
 */
export function formatDate(epochMs: number, options: CalendarOptions): string {
  assertInstant(epochMs);
  // en-US with 2-digit fields gives plain ASCII digits whatever the UI language; the pattern, not
  // the locale, decides the layout (app §3 DateFormat).
  const parts = cachedFormat('en-US', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes): string =>
    parts.find((p) => p.type === type)?.value ?? '';
  const fields: Record<string, string> = {
    YYYY: part('year').padStart(4, '0'),
    MM: part('month'),
    DD: part('day'),
  };
  return options.dateFormat.replace(/YYYY|MM|DD/g, (token) => fields[token] ?? token);
}

/**
 * Date and time of `epochMs` (epoch ms), "2024-01-16 00:30" (see {@link formatDate} and
 * {@link formatTime}; both read the same zone). Throws RangeError as they do.
 */
export function formatDateTime(epochMs: number, options: ClockOptions & CalendarOptions): string {
  return `${formatDate(epochMs, options)} ${formatTime(epochMs, options)}`;
}

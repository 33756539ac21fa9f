import { TZDate, tz, tzOffset } from '@date-fns/tz';
import { startOfDay, startOfWeek, type ContextFn } from 'date-fns';

/** date-fns' context option (`{ in }`) for calendar arithmetic in one time zone. */
export interface CalendarContext {
  readonly in?: ContextFn<Date>;
}

/**
 * The calendar of `timeZone` (an IANA name, e.g. the formatter's `timeZone`) for date-fns' day, week
 * and date functions (`startOfDay(ms, calendarIn(zone))`), so that days are cut where the screen's
 * dates say they change: a list whose times show in UTC groups by UTC days, one in the client's zone by
 * its days. Undefined: the browser's own zone (date-fns' default). Uses @date-fns/tz.
 */
export function calendarIn(timeZone: string | undefined): CalendarContext {
  return timeZone ? { in: tz(timeZone) } : {};
}

const DAY_MS = 86_400_000;
/** Most day and week starts kept per module (a year of days in a few zones; then it starts over). */
const DAY_CACHE_LIMIT = 4_096;
const dayStarts = new Map<string, number>();

function cached(key: string, compute: () => number): number {
  let value = dayStarts.get(key);
  if (value === undefined) {
    if (dayStarts.size >= DAY_CACHE_LIMIT) dayStarts.clear();
    value = compute();
    dayStarts.set(key, value);
  }
  return value;
}

/** The calendar date of `ms` in `timeZone`, as days since 1970-01-01 (its UTC offset read, then floored). */
function localDayNumber(ms: number, timeZone: string): number {
  return Math.floor((ms + tzOffset(timeZone, new Date(ms)) * 60_000) / DAY_MS);
}

/**
 * The start (epoch ms) of the day of `ms` in `timeZone` (the browser's when undefined): date-fns'
 * `startOfDay` in that zone, remembered per calendar date. A list of a year's activities asks for
 * hundreds on every render: in a zone, date-fns with @date-fns/tz takes ~50 µs per call, reading the
 * zone's offset ~2 µs.
 */
export function dayStartIn(ms: number, timeZone: string | undefined): number {
  if (timeZone === undefined) return startOfDay(ms).getTime();
  return cached(`${timeZone}|d|${String(localDayNumber(ms, timeZone))}`, () =>
    startOfDay(ms, calendarIn(timeZone)).getTime(),
  );
}

/** The start (epoch ms) of the Monday-first week of `ms` in `timeZone`, as {@link dayStartIn}. */
export function weekStartIn(ms: number, timeZone: string | undefined): number {
  if (timeZone === undefined) return startOfWeek(ms, { weekStartsOn: 1 }).getTime();
  return cached(`${timeZone}|w|${String(localDayNumber(ms, timeZone))}`, () =>
    startOfWeek(ms, { weekStartsOn: 1, ...calendarIn(timeZone) }).getTime(),
  );
}

/**
 * The instant (epoch ms) of a wall-clock time `value` as an `<input type="datetime-local">` gives it
 * (`YYYY-MM-DDTHH:mm`, seconds optional) on the clock of `timeZone` (IANA name): what a person means
 * who types a time next to times shown in that zone. NaN for a value of another form. In a zone's
 * spring-forward gap the time is read with the offset before the change.
 */
export function localTimeIn(value: string, timeZone: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return Number.NaN;
  const part = (index: number) => Number(match[index] ?? 0);
  return new TZDate(part(1), part(2) - 1, part(3), part(4), part(5), part(6), timeZone).getTime();
}

import { TZDate, tz } from '@date-fns/tz';
import type { ContextFn } from 'date-fns';

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

import { tz } from '@date-fns/tz';
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

/** Numeric timestamps below this are epoch seconds, at or above it epoch milliseconds (2^31 − 1). */
const SECONDS_LIMIT = 2_147_483_647;

const NUMERIC = /^\d+(\.\d+)?$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * A device's timestamp as epoch milliseconds, the way Traccar's OsmAnd decoder reads `timestamp`:
 * - a number (or decimal string) below 2^31 − 1 is epoch seconds (fractions kept to the millisecond),
 *   otherwise epoch milliseconds;
 * - an ISO 8601 date-time (`2016-01-27T18:55:47Z`, with an offset or fraction) or the SQL form
 *   `2014-06-04 09:10:11`; without a zone it is UTC. A day the month does not have (`2024-02-30`)
 *   is no date: `Date.parse` would roll it over into the next month and store the point there.
 * Null when it is none of these.
 */
export function parseDeviceTime(raw: string | number): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? fromNumber(raw) : null;
  const value = raw.trim();
  if (NUMERIC.test(value)) return fromNumber(Number(value));
  const iso = ISO_8601.exec(value);
  if (!iso || !isCalendarDay(value)) return null;
  const local = value.replace(' ', 'T');
  const zone = iso[3];
  const zoned = zone === undefined ? `${local}Z` : /^[+-]\d{2}$/.test(zone) ? `${local}:00` : local;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}

/** Whether the `YYYY-MM-DD` that `value` starts with names a day of the calendar (month 1–12). */
function isCalendarDay(value: string): boolean {
  const year = Number(value.slice(0, 4));
  const month = Number(value.slice(5, 7));
  const day = Number(value.slice(8, 10));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

function fromNumber(value: number): number {
  return Math.round(value < SECONDS_LIMIT ? value * 1000 : value);
}

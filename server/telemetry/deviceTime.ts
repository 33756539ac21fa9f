/** Numeric timestamps below this are epoch seconds, at or above it epoch milliseconds (2^31 − 1). */
const SECONDS_LIMIT = 2_147_483_647;

const NUMERIC = /^\d+(\.\d+)?$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * A device's timestamp as epoch milliseconds, the way Traccar's OsmAnd decoder reads `timestamp`:
 * - a number (or decimal string) below 2^31 − 1 is epoch seconds (fractions kept to the millisecond),
 *   otherwise epoch milliseconds;
 * - an ISO 8601 date-time (`2016-01-27T18:55:47Z`, with an offset or fraction) or the SQL form
 *   `2014-06-04 09:10:11`; without a zone it is UTC.
 * Null when it is none of these.
 */
export function parseDeviceTime(raw: string | number): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) && raw >= 0 ? fromNumber(raw) : null;
  const value = raw.trim();
  if (NUMERIC.test(value)) return fromNumber(Number(value));
  const iso = ISO_8601.exec(value);
  if (!iso) return null;
  const local = value.replace(' ', 'T');
  const zone = iso[3];
  const zoned = zone === undefined ? `${local}Z` : /^[+-]\d{2}$/.test(zone) ? `${local}:00` : local;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? null : ms;
}

function fromNumber(value: number): number {
  return Math.round(value < SECONDS_LIMIT ? value * 1000 : value);
}

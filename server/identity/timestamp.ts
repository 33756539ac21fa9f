/**
 * The SRP TIMESTAMP of identity-protocol.md §3: `ddd MMM D HH:mm:ss UTC YYYY` in UTC, English
 * three-letter weekday and month, day of month not zero-padded, hours/minutes/seconds zero-padded,
 * e.g. `Sat Nov 21 23:32:37 UTC 2026`.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const TIMESTAMP_PATTERN =
  /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) ([1-9]|[12][0-9]|3[01]) ([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9]) UTC ([0-9]{4})$/;

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Formats epoch milliseconds `ms` as the client's TIMESTAMP (identity-protocol.md §3). */
export function formatSrpTimestamp(ms: number): string {
  const date = new Date(ms);
  const weekday = WEEKDAYS[date.getUTCDay()] ?? '';
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const time = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()]
    .map(twoDigits)
    .join(':');
  return `${weekday} ${month} ${date.getUTCDate()} ${time} UTC ${date.getUTCFullYear()}`;
}

/**
 * Parses a TIMESTAMP into epoch milliseconds, or null when it is not exactly the client's format: a
 * zero-padded day, an impossible date or a weekday that does not match the date are refused, as real
 * Cognito refuses them (identity-protocol.md §3 "Timestamp checks").
 */
export function parseSrpTimestamp(text: string): number | null {
  const match = TIMESTAMP_PATTERN.exec(text);
  if (!match) return null;
  const [, weekday, month, day, hours, minutes, seconds, year] = match;
  const monthIndex = MONTHS.findIndex((m) => m === month);
  const ms = Date.UTC(
    Number(year),
    monthIndex,
    Number(day),
    Number(hours),
    Number(minutes),
    Number(seconds),
  );
  return formatSrpTimestamp(ms) === text && WEEKDAYS.some((w) => w === weekday) ? ms : null;
}

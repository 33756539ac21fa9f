/**
 * An elapsed time in `ms` as a clock: "m:ss" under an hour ("12:04", "0:00"), "h:mm:ss" from an
 * hour ("1:05:09", "26:03:00"; hours keep counting past a day). Partial seconds are dropped, as a
 * stopwatch shows them; a negative duration gets a leading "-". Locale-free: digits and colons read
 * the same in every supported language. Throws RangeError when `ms` is not finite.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) throw new RangeError(`Cannot format a non-finite duration: ${ms}`);
  const totalSeconds = Math.floor(Math.abs(ms) / 1000);
  const sign = ms < 0 && totalSeconds > 0 ? '-' : '';
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0
    ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${sign}${minutes}:${seconds}`;
}

/**
 * A device date (policy §3 "Device": registration date, subscription end date) as a medium date in
 * `language`, e.g. "3 Nov 2026". `epochMs` is epoch ms; shown in UTC, the spec's default time mode
 * (app §3 "Units defaults": Time UTC).
 */
export function formatDeviceDate(epochMs: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(epochMs),
  );
}

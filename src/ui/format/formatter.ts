import type { Units } from '../../api/entities/client';
import { formatHeartRate, formatWeight } from './body';
import { formatDistance } from './distance';
import { formatDuration } from './duration';
import { formatAltitude, formatHeight } from './height';
import { formatLocation, type FormattedLocation } from './location';
import type { Measure } from './measure';
import { formatSpeed, formatWindSpeed } from './speed';
import { formatTemperature } from './temperature';
import { formatDate, formatDateTime, formatTime, resolveTimeZone } from './time';

/** Options of {@link formatterFor}. */
export interface FormatterOptions {
  /** The browser's IANA zone for the 'Local Browser' time mode; default the runtime's own. */
  readonly browserTimeZone?: string;
}

/** Every formatter with one member's or client's units and one locale bound. */
export interface Formatter {
  /** The IANA zone times show in, resolved from the units' time mode (app §3 "Time modes"). */
  readonly timeZone: string;
  /** Metres → km/mi, or m/ft under 1 km. */
  distance(metres: number): Measure;
  /** m/s → km/h, kts or mph, 1 decimal. */
  speed(mps: number): Measure;
  /** m/s → the wind unit, whole. */
  windSpeed(mps: number): Measure;
  /** °C → °C or °F, 1 decimal. */
  temperature(celsius: number): Measure;
  /** Metres → whole m, or ft for imperial height units. */
  altitude(metres: number): Measure;
  /** Metres → cm, m or in (body height). */
  height(metres: number): Measure;
  /** kg → kg or lb, 1 decimal. */
  weight(kg: number): Measure;
  /** Beats per minute, whole. */
  heartRate(bpm: number): Measure;
  /** ms → "12:04" or "1:05:09". */
  duration(ms: number): string;
  /** Epoch ms → time of day in the units' zone and clock. */
  time(epochMs: number, options?: { readonly seconds?: boolean }): string;
  /** Epoch ms → date in the units' zone and date format. */
  date(epochMs: number): string;
  /** Epoch ms → date and time. */
  dateTime(epochMs: number, options?: { readonly seconds?: boolean }): string;
  /** Latitude and longitude in degrees → the units' location format. */
  location(latitude: number, longitude: number): FormattedLocation;
}

/**
 * Binds `units` (a member's or client's, app §3 "Units"; `DEFAULT_UNITS` when it sets none) and
 * `locale` (BCP 47 or a spec language code, for decimal commas and day periods) once, so a screen
 * formats with `fmt.distance(m)` instead of passing units around. Each method documents its input
 * unit and throws what the underlying formatter throws.
 */
export function formatterFor(
  units: Units,
  locale: string,
  options: FormatterOptions = {},
): Formatter {
  const timeZone = resolveTimeZone(units.Time, units.Timezone, options.browserTimeZone);
  const clock = (seconds = false) => ({
    timeZone,
    timeFormat: units.TimeFormat,
    dateFormat: units.DateFormat,
    locale,
    seconds,
  });
  return {
    timeZone,
    distance: (metres) => formatDistance(metres, units.Distance, locale),
    speed: (mps) => formatSpeed(mps, units.Speed, locale),
    windSpeed: (mps) => formatWindSpeed(mps, units.SpeedWind, locale),
    temperature: (celsius) => formatTemperature(celsius, units.Temperature, locale),
    altitude: (metres) => formatAltitude(metres, units.Height, locale),
    height: (metres) => formatHeight(metres, units.Height, locale),
    weight: (kg) => formatWeight(kg, units.Weight, locale),
    heartRate: (bpm) => formatHeartRate(bpm, locale),
    duration: formatDuration,
    time: (epochMs, opts) => formatTime(epochMs, clock(opts?.seconds)),
    date: (epochMs) => formatDate(epochMs, clock()),
    dateTime: (epochMs, opts) => formatDateTime(epochMs, clock(opts?.seconds)),
    location: (latitude, longitude) =>
      formatLocation(latitude, longitude, units.LocationFormat, locale),
  };
}

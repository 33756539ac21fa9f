/**
 * The one place numbers, dates and positions become text in the member's or client's units (app §3
 * "Units defaults", §9 "Defaults"; policy "Vocabulary"). Pure functions, no React, no store:
 * quantities come back as a {@link Measure} (number text + unit label key), clock and calendar values
 * as strings. Screens usually take `formatterFor(units, language)` once.
 */
export { formatHeartRate, formatWeight, KG_PER_POUND } from './body';
export {
  formatDistance,
  METRES_PER_FOOT,
  METRES_PER_MILE,
  SHORT_DISTANCE_LIMIT_M,
} from './distance';
export { formatDuration } from './duration';
export { formatterFor, type Formatter, type FormatterOptions } from './formatter';
export { formatAltitude, formatHeight, METRES_PER_INCH } from './height';
export {
  formatCoordinate,
  formatLocation,
  DD_DECIMALS,
  DDM_DECIMALS,
  DMS_DECIMALS,
  type Axis,
  type FormattedLocation,
} from './location';
export {
  formatNumber,
  intlLocale,
  measureText,
  MEASURE_KEY,
  roundTo,
  UNIT_KEYS,
  type Measure,
  type NumberTextOptions,
  type Translate,
  type UnitKey,
} from './measure';
export { formatSpeed, formatWindSpeed, KMH_PER_MPS, KTS_PER_MPS, MPH_PER_MPS } from './speed';
export { formatTemperature } from './temperature';
export {
  formatDate,
  formatDateTime,
  formatTime,
  isTimeZone,
  resolveTimeZone,
  systemTimeZone,
  WEEK_STARTS_ON,
  type CalendarOptions,
  type ClockOptions,
} from './time';
export { useFormatter } from './useFormatter';

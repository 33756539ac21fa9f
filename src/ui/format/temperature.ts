import type { TemperatureUnit } from '../../api/enums';
import { formatNumber, UNIT_KEYS, type Measure } from './measure';

/**
 * A temperature in `celsius` (°C) in the member's unit with one decimal (app §9 "Defaults":
 * "Temperature units C or F with one decimal"): 37.2 → "37.2" °C or "99.0" °F; −0.04 → "0.0".
 * Throws RangeError when `celsius` is not finite.
 */
export function formatTemperature(celsius: number, unit: TemperatureUnit, locale: string): Measure {
  return unit === 'F'
    ? { value: formatNumber((celsius * 9) / 5 + 32, 1, locale), unit: UNIT_KEYS.F }
    : { value: formatNumber(celsius, 1, locale), unit: UNIT_KEYS.C };
}

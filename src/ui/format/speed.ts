import type { SpeedUnit, SpeedWindUnit } from '../../api/enums';
import { formatNumber, UNIT_KEYS, type Measure, type UnitKey } from './measure';

/** km/h in one m/s. */
export const KMH_PER_MPS = 3.6;
/** mph in one m/s (1 mi = 1609.344 m). */
export const MPH_PER_MPS = 3600 / 1609.344;
/** Knots in one m/s (1 nautical mile = 1852 m). */
export const KTS_PER_MPS = 3600 / 1852;

function convert(mps: number, unit: SpeedWindUnit): { amount: number; unit: UnitKey } {
  switch (unit) {
    case 'km/h':
      return { amount: mps * KMH_PER_MPS, unit: UNIT_KEYS.kmh };
    case 'mph':
      return { amount: mps * MPH_PER_MPS, unit: UNIT_KEYS.mph };
    case 'kts':
      return { amount: mps * KTS_PER_MPS, unit: UNIT_KEYS.kts };
    case 'm/s':
      return { amount: mps, unit: UNIT_KEYS.mps };
  }
}

/**
 * A speed in `mps` (m/s) in the member's speed unit (app §3 "Units defaults": km/h; policy
 * "Vocabulary": km/h, kts, mph), with 1 decimal: 10 m/s → "36.0 km/h", "19.4 kts", "22.4 mph".
 * Throws RangeError when `mps` is not finite.
 */
export function formatSpeed(mps: number, unit: SpeedUnit, locale: string): Measure {
  const { amount, unit: key } = convert(mps, unit);
  return { value: formatNumber(amount, 1, locale), unit: key };
}

/**
 * A wind speed in `mps` (m/s) in the client's wind unit (app §3 "Units defaults": SpeedWind kts),
 * in whole units as forecasts give it: 10 m/s → "19 kts", "36 km/h", "22 mph", "10 m/s".
 * Throws RangeError when `mps` is not finite.
 */
export function formatWindSpeed(mps: number, unit: SpeedWindUnit, locale: string): Measure {
  const { amount, unit: key } = convert(mps, unit);
  return { value: formatNumber(amount, 0, locale), unit: key };
}

import type { WeightUnit } from '../../api/enums';
import { formatNumber, UNIT_KEYS, type Measure } from './measure';

/** Kilograms in one avoirdupois pound. */
export const KG_PER_POUND = 0.45359237;

/**
 * A heart rate in `bpm` (beats per minute; policy "Vocabulary": bpm) in whole beats: 71.6 → "72".
 * Throws RangeError when `bpm` is not finite.
 */
export function formatHeartRate(bpm: number, locale: string): Measure {
  return { value: formatNumber(bpm, 0, locale), unit: UNIT_KEYS.bpm };
}

/**
 * A body weight in `kg` in the member's weight unit (app §3 "Units defaults": Weight kg; lb the
 * alternative) with 1 decimal: 72.5 kg → "72.5 kg" or "159.8 lb". Throws RangeError when `kg` is
 * not finite.
 */
export function formatWeight(kg: number, unit: WeightUnit, locale: string): Measure {
  return unit === 'lb'
    ? { value: formatNumber(kg / KG_PER_POUND, 1, locale), unit: UNIT_KEYS.lb }
    : { value: formatNumber(kg, 1, locale), unit: UNIT_KEYS.kg };
}

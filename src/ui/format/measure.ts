/**
 * The shape every unit formatter returns, the translation keys of unit labels, and locale-aware
 * number text (app §3 "Units defaults"; policy "Vocabulary" units km, mi, m, ft, km/h, kts, mph, bpm).
 */

/**
 * Translation keys of unit labels, all in `locales/<lng>/Units.json`. Keys, not texts, so each
 * language names its units (German writes the east hemisphere as O).
 */
export const UNIT_KEYS = {
  km: 'Units.km',
  mi: 'Units.mi',
  m: 'Units.m',
  ft: 'Units.ft',
  cm: 'Units.cm',
  in: 'Units.in',
  kmh: 'Units.kmh',
  mph: 'Units.mph',
  kts: 'Units.kts',
  mps: 'Units.mps',
  C: 'Units.C',
  F: 'Units.F',
  bpm: 'Units.bpm',
  kg: 'Units.kg',
  lb: 'Units.lb',
  N: 'Units.Hemisphere.N',
  S: 'Units.Hemisphere.S',
  E: 'Units.Hemisphere.E',
  W: 'Units.Hemisphere.W',
} as const;

/** A unit label's translation key, e.g. `'Units.km'`. */
export type UnitKey = (typeof UNIT_KEYS)[keyof typeof UNIT_KEYS];

/** The key of the pattern joining a number and its unit label: `"{{value}} {{unit}}"` in English. */
export const MEASURE_KEY = 'Units.Measure';

/**
 * A formatted quantity: `value` is the number as text in the caller's locale ("1,50" in German);
 * `unit` the translation key of its label. Render the two apart (a big number over a small unit) or
 * joined with {@link measureText}.
 */
export interface Measure {
  readonly value: string;
  readonly unit: UnitKey;
}

/** The subset of i18next's `t` the formatters need; i18next's `TFunction` satisfies it. */
export type Translate = (key: string, options?: Record<string, string>) => string;

/**
 * A measure as one text through i18next: `t('Units.Measure', { value, unit: t(unit) })`, "1.50 km"
 * in English. Each language may reorder or drop the space in its `Units.Measure` pattern.
 */
export function measureText(measure: Measure, t: Translate): string {
  return t(MEASURE_KEY, { value: measure.value, unit: t(measure.unit) });
}

/**
 * The `Intl` locale for a UI language code (app §9 "Languages"): the spec's `ua` is BCP 47 `uk` and
 * its `no` is `nb`; any other BCP 47 tag passes through.
 */
export function intlLocale(locale: string): string {
  return locale.replace(/^ua(?=-|$)/i, 'uk').replace(/^no(?=-|$)/i, 'nb');
}

/** Options of {@link formatNumber} beyond the decimals. */
export interface NumberTextOptions {
  /** Thousands separators; default true. */
  readonly grouping?: boolean;
  /** Pads the integer part with zeros to this many digits (minutes in "52°05'"); default 1. */
  readonly minIntegerDigits?: number;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * `value` as text with exactly `decimals` decimals in `locale` (BCP 47 or a spec language code):
 * `formatNumber(1234.5, 1, 'de')` → "1.234,5". A value that rounds to zero shows no minus sign.
 * Throws RangeError when `value` is not finite: a missing reading is the caller's case to show.
 */
export function formatNumber(
  value: number,
  decimals: number,
  locale: string,
  options: NumberTextOptions = {},
): string {
  if (!Number.isFinite(value)) throw new RangeError(`Cannot format a non-finite number: ${value}`);
  const grouping = options.grouping ?? true;
  const minInt = options.minIntegerDigits ?? 1;
  const cacheKey = `${locale}|${decimals}|${grouping}|${minInt}`;
  let format = numberFormats.get(cacheKey);
  if (!format) {
    // Intl formatters are costly to build and charts format thousands of ticks: one per shape.
    format = new Intl.NumberFormat(intlLocale(locale), {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      minimumIntegerDigits: minInt,
      useGrouping: grouping,
      signDisplay: 'negative',
    });
    numberFormats.set(cacheKey, format);
  }
  return format.format(value);
}

/** `value` rounded half away from zero to `decimals` decimals, as the displayed text rounds it. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

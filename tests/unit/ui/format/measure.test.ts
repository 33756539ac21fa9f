import { readFile } from 'node:fs/promises';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { englishStartResources } from '../../../../src/app/localeResources';
import {
  MEASURE_KEY,
  UNIT_KEYS,
  formatNumber,
  intlLocale,
  measureText,
  roundTo,
} from '../../../../src/ui/format';

async function englishI18n() {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: englishStartResources } },
    interpolation: { escapeValue: false },
  });
  return i18n;
}

describe('formatNumber (locale-aware, fixed decimals)', () => {
  it.each<[number, number, string, string]>([
    [1234.5, 1, 'en', '1,234.5'],
    [1234.5, 1, 'de', '1.234,5'],
    [0.5, 2, 'de', '0,50'],
    [-0.04, 1, 'en', '0.0'],
    [-0.06, 1, 'en', '-0.1'],
    [2.5, 0, 'en', '3'],
    [1234.5, 1, 'ua', '1 234,5'],
  ])('%d with %d decimals in %s → %s', (value, decimals, locale, text) => {
    expect(formatNumber(value, decimals, locale).replace(/[\u202f\u00a0]/g, ' ')).toBe(text);
  });

  it('pads and drops grouping on request', () => {
    expect(formatNumber(5, 0, 'en', { minIntegerDigits: 2 })).toBe('05');
    expect(formatNumber(12345, 0, 'en', { grouping: false })).toBe('12345');
  });

  it.each([Number.NaN, Number.NEGATIVE_INFINITY])('throws RangeError for %d', (value) => {
    expect(() => formatNumber(value, 1, 'en')).toThrow(RangeError);
  });
});

describe('intlLocale (spec language codes → BCP 47)', () => {
  it.each([
    ['ua', 'uk'],
    ['no', 'nb'],
    ['de', 'de'],
    ['en-GB', 'en-GB'],
    ['nl', 'nl'],
  ])('%s → %s', (code, tag) => {
    expect(intlLocale(code)).toBe(tag);
  });
});

describe('roundTo', () => {
  it.each([
    [9.996, 2, 10],
    [-2.5, 0, -3],
    [1.234, 1, 1.2],
  ])('%d to %d decimals → %d', (value, decimals, rounded) => {
    expect(roundTo(value, decimals)).toBe(rounded);
  });
});

describe('unit label keys (locales/en/Units.json)', () => {
  it('has an English text for every unit key and the measure pattern', async () => {
    const i18n = await englishI18n();
    const missing = [...Object.values(UNIT_KEYS), MEASURE_KEY].filter((key) => !i18n.exists(key));
    expect(missing).toEqual([]);
  });

  it('holds no key the formatters do not use', async () => {
    const file = path.resolve(import.meta.dirname, '../../../../locales/en/Units.json');
    type Tree = { [key: string]: string | Tree };
    const flatten = (tree: Tree, prefix: string): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}.${key}`] : flatten(value, `${prefix}.${key}`),
      );
    const keys = flatten(JSON.parse(await readFile(file, 'utf8')) as Tree, 'Units');
    expect(keys.sort()).toEqual([...Object.values(UNIT_KEYS), MEASURE_KEY].sort());
  });

  it.each([
    [{ value: '1.50', unit: UNIT_KEYS.km }, '1.50 km'],
    [{ value: '36.0', unit: UNIT_KEYS.kmh }, '36.0 km/h'],
    [{ value: '99.0', unit: UNIT_KEYS.F }, '99.0 °F'],
    [{ value: '52°22\'12.8"', unit: UNIT_KEYS.N }, '52°22\'12.8" N'],
  ])('measureText(%j) → %s in English', async (measure, text) => {
    const i18n = await englishI18n();
    expect(measureText(measure, i18n.t)).toBe(text);
  });

  it('lets a language translate the label and the pattern', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'de',
      resources: {
        de: { translation: { Units: { Measure: '{{unit}} {{value}}', Hemisphere: { E: 'O' } } } },
      },
      interpolation: { escapeValue: false },
    });
    expect(measureText({ value: '4,89517°', unit: UNIT_KEYS.E }, i18n.t)).toBe('O 4,89517°');
  });
});

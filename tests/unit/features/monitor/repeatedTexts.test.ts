import i18next, { type TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { repeatedPattern } from '../../../../src/features/monitor/repeatedTexts';

/** A `t` of its own i18next instance holding `resources` (one language, namespace-free keys). */
async function translator(resources: Record<string, string>): Promise<TFunction> {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'xx',
    resources: { xx: { translation: resources } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('repeatedPattern (the monitor cards’ texts repeated on every fix)', () => {
  it('gives what t gives, for values in any order in the translation', async () => {
    const t = await translator({
      Position: 'Last position {{lat}}, {{lon}}',
      Swapped: '{{lon}} / {{lat}}',
    });
    const values = { lat: '59.10000°', lon: '5.90000°' };
    expect(repeatedPattern(t, 'Position', values)).toBe(t('Position', values));
    expect(repeatedPattern(t, 'Swapped', values)).toBe('5.90000° / 59.10000°');
    expect(repeatedPattern(t, 'Position', { lat: '1°', lon: '2°' })).toBe('Last position 1°, 2°');
  });

  it('keeps values literally, replacement patterns included', async () => {
    const t = await translator({ Measure: '{{value}} {{unit}}' });
    expect(repeatedPattern(t, 'Measure', { value: "$&$'1", unit: '$1' })).toBe("$&$'1 $1");
  });

  it('follows a new language: another t makes its own pattern', async () => {
    const english = await translator({ Position: 'Last position {{lat}}, {{lon}}' });
    const german = await translator({ Position: 'Letzte Position {{lat}}, {{lon}}' });
    const values = { lat: '1°', lon: '2°' };
    expect(repeatedPattern(english, 'Position', values)).toBe('Last position 1°, 2°');
    expect(repeatedPattern(german, 'Position', values)).toBe('Letzte Position 1°, 2°');
  });
});

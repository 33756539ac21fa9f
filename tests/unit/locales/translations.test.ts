import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../src/app/languages';
import { keysOf, PLURAL_SUFFIX, pluralCategoriesOf } from './localeFiles';

/*
 * What every translation must keep of the English text it translates (spec §9 "Languages"; the
 * texts themselves are the translators'): the same placeholders, every plural form its language
 * needs, and nothing blank. A placeholder renamed or dropped shows a raw `{{name}}` or loses a figure;
 * a plural form missing falls back to English for the counts it covers (i18next looks for
 * `Key_many` in French and, not finding it, reads English).
 */

/** The placeholders of a text: `{{count, number}}` → `count`. */
function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1] ?? ''));
}

/** English's plural keys by their base: `Share.Seconds` → the English forms' texts. */
function pluralBases(english: Map<string, string>): Map<string, string[]> {
  const bases = new Map<string, string[]>();
  for (const [key, text] of english) {
    if (!PLURAL_SUFFIX.test(key)) continue;
    const base = key.replace(PLURAL_SUFFIX, '');
    bases.set(base, [...(bases.get(base) ?? []), text]);
  }
  return bases;
}

const others = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

describe('translations (spec §9)', () => {
  it.each(others)('%s keeps the English placeholders in every text it has', async (language) => {
    const english = await keysOf('en');
    const bases = pluralBases(english);
    const wrong: string[] = [];
    for (const [key, text] of await keysOf(language)) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const forms = bases.get(base);
      const source = forms ?? [english.get(key) ?? ''];
      const allowed = new Set(source.flatMap((form) => [...placeholders(form)]));
      if (forms) allowed.add('count');
      const own = placeholders(text);
      const missing = forms
        ? [...placeholders(english.get(`${base}_other`) ?? '')].filter(
            (name) => name !== 'count' && !own.has(name),
          )
        : [...allowed].filter((name) => !own.has(name));
      const extra = [...own].filter((name) => !allowed.has(name));
      if (missing.length > 0 || extra.length > 0 || text.trim() === '') {
        wrong.push(`${key}: ${JSON.stringify(text)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(others)('%s has every plural form its language needs, and no other', async (language) => {
    const english = await keysOf('en');
    const present = await keysOf(language);
    const categories = pluralCategoriesOf(language);
    const problems: string[] = [];
    for (const base of pluralBases(english).keys()) {
      const forms = [...present.keys()].filter(
        (key) => key.replace(PLURAL_SUFFIX, '') === base && PLURAL_SUFFIX.test(key),
      );
      if (forms.length === 0) continue;
      const have = new Set(forms.map((key) => PLURAL_SUFFIX.exec(key)?.[1]));
      for (const category of categories) {
        if (!have.has(category)) problems.push(`${base}_${category} missing`);
      }
      for (const category of have) {
        if (!categories.includes(category as Intl.LDMLPluralRule)) {
          problems.push(`${base}_${String(category)} is not a form of ${language}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

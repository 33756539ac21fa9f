import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../../../src/app/languages';
import { expectedKeys, keysOf, LOCALES } from './localeFiles';

const SRC = path.resolve(import.meta.dirname, '../../../src');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('locales', () => {
  it('registers the 18 languages of spec §9', () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual(
      [
        'da',
        'de',
        'en',
        'es',
        'et',
        'fi',
        'fr',
        'ga',
        'ht',
        'it',
        'ja',
        'lt',
        'lv',
        'nl',
        'no',
        'pt',
        'sv',
        'ua',
      ].sort(),
    );
  });

  it('has an English text for every key the source uses literally', async () => {
    const english = await keysOf('en');
    const used = new Set<string>();
    const pattern =
      /\b(?:t|i18nKey|titleKey|labelKey)\s*[(:=]\s*['"`]([A-Z][A-Za-z]+(?:\.[A-Za-z0-9_]+)+)['"`]/g;
    for (const file of await sourceFiles(SRC)) {
      const text = await readFile(file, 'utf8');
      for (const match of text.matchAll(pattern)) used.add(match[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(10);
    // A key used with a `count` is found through its plural forms (i18next: `Key_one`, `Key_other`).
    const missing = [...used]
      .filter((key) => !english.has(key) && !english.has(`${key}_other`))
      .sort();
    expect(missing).toEqual([]);
  });

  it('has no key in another language that English lacks', async () => {
    const english = await keysOf('en');
    for (const language of SUPPORTED_LANGUAGES) {
      const expected = expectedKeys([...english.keys()], language);
      const orphans = [...(await keysOf(language)).keys()].filter((key) => !expected.has(key));
      expect({ language, orphans }).toEqual({ language, orphans: [] });
    }
  });

  it('lists which keys each language lacks (locales/missing-keys.json)', async () => {
    const english = [...(await keysOf('en')).keys()].sort();
    const report: Record<string, { missing: number; of: number; keys: string[] }> = {};
    for (const language of SUPPORTED_LANGUAGES.filter((l) => l !== 'en')) {
      const present = await keysOf(language);
      const expected = [...expectedKeys(english, language)].sort();
      const keys = expected.filter((key) => !present.has(key));
      report[language] = { missing: keys.length, of: expected.length, keys };
    }
    await expect(`${JSON.stringify(report, null, 2)}\n`).toMatchFileSnapshot(
      path.join(LOCALES, 'missing-keys.json'),
    );
  });
});

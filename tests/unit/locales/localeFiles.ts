import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pluralLocaleOf } from '../../../src/app/pluralLocale';

/** The repository's locales/ directory. */
export const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix: string, out: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else flatten(value, full, out);
  }
}

/** All keys of one language, `<Section>.<path>` → text; empty for a language without files. */
export async function keysOf(language: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const dir = path.join(LOCALES, language);
  const files = await readdir(dir).catch(() => [] as string[]);
  for (const file of files.filter((f) => f.endsWith('.json')).sort()) {
    const tree = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Tree;
    flatten(tree, file.slice(0, -'.json'.length), out);
  }
  return out;
}

/** The suffix of a plural form's key (i18next: `Key_one`, `Key_other`, …), the CLDR category in it. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The CLDR plural categories `language` counts with (src/app/pluralLocale.ts). */
export function pluralCategoriesOf(language: string): readonly Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(pluralLocaleOf(language)).resolvedOptions().pluralCategories;
}

/**
 * The keys a complete `language` has: English's, with each plural key (`Key_one`, `Key_other`) in
 * the plural forms of `language` instead of English's (`Key_one`, `Key_few`, `Key_many`,
 * `Key_other` in Ukrainian; `Key_other` alone in Japanese).
 */
export function expectedKeys(english: readonly string[], language: string): Set<string> {
  const categories = pluralCategoriesOf(language);
  const keys = new Set<string>();
  for (const key of english) {
    if (!PLURAL_SUFFIX.test(key)) keys.add(key);
    else for (const form of categories) keys.add(key.replace(PLURAL_SUFFIX, `_${form}`));
  }
  return keys;
}

/**
 * The lazily loaded translation files (src/app/localeResources.ts): one chunk per
 * `locales/<lng>/<Section>.json`. This module is itself a lazily loaded chunk.
 */
import { sectionOf, type LocaleTree } from './localeResources';

// `Notifications`, `ReminderTemplates` and `IdentityCodes` are the server's (the alert messages to
// emergency contacts, the built-in reminder templates, the identity service's code messages:
// server/i18n/serverTexts.ts): no page loads them.
const files = import.meta.glob<LocaleTree>(
  [
    '/locales/*/*.json',
    '!/locales/*/Notifications.json',
    '!/locales/*/ReminderTemplates.json',
    '!/locales/*/IdentityCodes.json',
  ],
  { import: 'default' },
);

function languageOf(file: string): string {
  const parts = file.split('/');
  return parts[parts.length - 2] ?? '';
}

/**
 * Loads the sections of `language` that `wanted` accepts, in parallel, merged into one tree keyed by
 * section; rejects when a file does not load.
 */
export async function loadSections(
  language: string,
  wanted: (section: string) => boolean,
): Promise<LocaleTree> {
  const chosen = Object.entries(files).filter(
    ([file]) => languageOf(file) === language && wanted(sectionOf(file)),
  );
  const sections = await Promise.all(
    chosen.map(async ([file, load]) => [sectionOf(file), await load()] as const),
  );
  return Object.fromEntries(sections);
}

/**
 * Translation files: `locales/<lng>/<Section>.json`, each holding the keys under `<Section>.` (so
 * `locales/en/Auth.json` holds `Auth.Errors.NotAuthorizedException` as `{"Errors":{…}}`).
 *
 * English is the fallback of every language. Its start sections ({@link START_SECTIONS}: what the
 * Shell, the login and home pages and the error screens say) are bundled with the app; the rest of
 * English and every other language are lazily loaded chunks, so the login route's initial JS does
 * not carry every screen's words (issue 7 "initial JS for the login route").
 */
/** A translation file's keys (or several files', keyed by section). */
export type LocaleTree = { [key: string]: string | LocaleTree };

/**
 * The sections bundled whole with the app. A page that renders before the rest of the translations
 * has loaded (`lazyChunk(…, { alone: true })`, and the pages in the entry) may use keys of these
 * sections and of {@link START_PARTS} only (tests/unit/app/startTranslations.test.tsx checks the
 * Shell and those pages).
 */
export const START_SECTIONS = [
  'Auth',
  'Common',
  'Errors',
  'Home',
  'Menu',
  'Session',
  'Titles',
  'Units',
  'Validations',
] as const;

/**
 * The sections bundled in part (the keys of the `?keys=` queries below, scripts/vite/localeKeys.ts),
 * loaded whole with the rest: `Settings` for the Shell's theme, language and units pickers, `Share`
 * for share-not-found, which the entry carries (it shows when a link fails, whatever else cannot
 * load).
 */
export const START_PARTS = ['Settings', 'Share'] as const;

const englishStart = {
  ...import.meta.glob<LocaleTree>(
    '/locales/en/{Auth,Common,Errors,Home,Menu,Session,Titles,Units,Validations}.json',
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<LocaleTree>('/locales/en/Settings.json', {
    eager: true,
    import: 'default',
    query: { keys: 'Language,Theme,ThemeSystem,ThemeLight,ThemeDark,Units.Label,Units.Presets' },
  }),
  ...import.meta.glob<LocaleTree>('/locales/en/Share.json', {
    eager: true,
    import: 'default',
    query: { keys: 'NotFound' },
  }),
};

/** The section a translation file holds: `/locales/en/Auth.json` (`?keys=…`) → `Auth`. */
export function sectionOf(file: string): string {
  const path = file.split('?', 1)[0] ?? file;
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

/** The bundled English start sections and parts, merged into one tree keyed by section. */
export const englishStartResources: LocaleTree = Object.fromEntries(
  Object.entries(englishStart).map(([file, tree]) => [sectionOf(file), tree]),
);

/**
 * Loads every section of `language` but, for English, the bundled start sections (an empty tree
 * when the language has no files yet). The per-language file list lives in a chunk of its own
 * (src/app/localeChunks.ts), so the entry does not carry ~400 loaders either.
 */
export async function loadLanguageResources(language: string): Promise<LocaleTree> {
  const { loadSections } = await import('./localeChunks');
  // The parts bundled of START_PARTS load whole (i18next merges them).
  const skip: ReadonlySet<string> = language === 'en' ? new Set(START_SECTIONS) : new Set();
  return loadSections(language, (section) => !skip.has(section));
}

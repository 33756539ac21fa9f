/**
 * Translation files: `locales/<lng>/<Section>.json`, each holding the keys under `<Section>.` (so
 * `locales/en/Auth.json` holds `Auth.Errors.NotAuthorizedException` as `{"Errors":{…}}`). English is
 * bundled with the app; every other language is a lazily loaded chunk.
 */
type LocaleTree = { [key: string]: string | LocaleTree };

const english = import.meta.glob<LocaleTree>('/locales/en/*.json', {
  eager: true,
  import: 'default',
});
const others = import.meta.glob<LocaleTree>(['/locales/*/*.json', '!/locales/en/*.json'], {
  import: 'default',
});

function sectionOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
}

function languageOf(file: string): string {
  const parts = file.split('/');
  return parts[parts.length - 2] ?? '';
}

/** The English resources, merged into one tree keyed by section. */
export const englishResources: LocaleTree = Object.fromEntries(
  Object.entries(english).map(([file, tree]) => [sectionOf(file), tree]),
);

/** Loads one language's resources (an empty tree when it has no files yet). */
export async function loadLanguageResources(language: string): Promise<LocaleTree> {
  if (language === 'en') return englishResources;
  const files = Object.entries(others).filter(([file]) => languageOf(file) === language);
  const sections = await Promise.all(
    files.map(async ([file, load]) => [sectionOf(file), await load()] as const),
  );
  return Object.fromEntries(sections);
}

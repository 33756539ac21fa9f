import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { KeyValueStorage } from '../streams/storage';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, matchLanguage } from './languages';
import { pluralLocaleOf } from './pluralLocale';
import { englishStartResources, loadLanguageResources } from './localeResources';

/** localStorage key of the language the user picked. */
export const LANGUAGE_STORAGE_KEY = 'lifeline.language';

let englishRest: Promise<Awaited<ReturnType<typeof loadLanguageResources>>> | null = null;

/**
 * Loads the English sections not bundled with the app (src/app/localeResources.ts) into i18next;
 * English is every language's fallback, key by key. The files load once; a failed load is tried
 * again by the next call and rejects as a chunk load error does. Lazily loaded pages wait for it
 * (src/app/main.tsx's chunk load policy), except those marked `alone`.
 */
export async function loadAllTranslations(instance: i18n = i18next): Promise<void> {
  if (!englishRest) {
    const attempt = loadLanguageResources('en');
    englishRest = attempt;
    attempt.catch(() => {
      if (englishRest === attempt) englishRest = null;
    });
  }
  // Added at every call (deep, keeping what is there): cheap, and right after a re-initialisation
  // (tests) too. The sections bundled in part merge with their whole.
  instance.addResourceBundle('en', 'translation', await englishRest, true, false);
}

/** The part of i18next's plural resolver that picks a language's rules. */
interface PluralRuleSource {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

/**
 * Makes `instance` count in each language by its plural locale (src/app/pluralLocale.ts): `ua`
 * by Ukrainian's rules, not Intl's default for a code it does not know. Idempotent.
 */
function countByPluralLocales(instance: i18n): void {
  const resolver = (instance.services as { pluralResolver?: PluralRuleSource & { mapped?: true } })
    .pluralResolver;
  if (!resolver || resolver.mapped) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(pluralLocaleOf(code), options);
  resolver.mapped = true;
}

/** Which translations {@link initI18n} waits for. */
export interface InitI18nOptions {
  /**
   * `'start'`: English's bundled start sections (and the whole chosen language), the rest later
   * through {@link loadAllTranslations} (the app, src/app/main.tsx); `'all'` (default): every
   * section before resolving (tests, tools).
   */
  readonly sections?: 'start' | 'all';
}

/**
 * Initialises i18next for the app: the 18 languages of spec §9 registered, English's start sections
 * bundled and English used key by key for anything a language lacks, other languages loaded on
 * demand. The start language is the stored choice, else the browser's; a change is stored and sets
 * `<html lang>`.
 */
export async function initI18n(
  storage: KeyValueStorage,
  browserLanguage?: string,
  options: InitI18nOptions = {},
): Promise<i18n> {
  const language = matchLanguage(storage.get(LANGUAGE_STORAGE_KEY) ?? browserLanguage);
  await i18next
    .use(resourcesToBackend((lng: string) => loadLanguageResources(lng)))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      load: 'currentOnly',
      partialBundledLanguages: true,
      // A copy: i18next merges the rest into the tree it is given.
      resources: { en: { translation: structuredClone(englishStartResources) } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  countByPluralLocales(i18next);
  const setDocumentLanguage = (lng: string): void => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  i18next.on('languageChanged', (lng) => {
    storage.set(LANGUAGE_STORAGE_KEY, lng);
    setDocumentLanguage(lng);
  });
  setDocumentLanguage(language);
  if ((options.sections ?? 'all') === 'all') await loadAllTranslations(i18next);
  return i18next;
}

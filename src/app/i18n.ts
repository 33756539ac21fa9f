import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { KeyValueStorage } from '../streams/storage';
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES, matchLanguage } from './languages';
import { englishResources, loadLanguageResources } from './localeResources';

/** localStorage key of the language the user picked. */
export const LANGUAGE_STORAGE_KEY = 'lifeline.language';

/**
 * Initialises i18next for the app: the 18 languages of spec §9 registered, English bundled and used
 * key by key for anything a language lacks, other languages loaded on demand. The start language is the
 * stored choice, else the browser's; a change is stored and sets `<html lang>`.
 */
export async function initI18n(storage: KeyValueStorage, browserLanguage?: string): Promise<i18n> {
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
      resources: { en: { translation: englishResources } },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  const setDocumentLanguage = (lng: string): void => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  };
  i18next.on('languageChanged', (lng) => {
    storage.set(LANGUAGE_STORAGE_KEY, lng);
    setDocumentLanguage(lng);
  });
  setDocumentLanguage(language);
  return i18next;
}

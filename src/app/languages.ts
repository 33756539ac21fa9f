import { LanguageCode } from '../api/enums';

/**
 * The languages the app offers (spec application-behaviour §9 "Languages"): codes as the spec writes
 * them (`no` for Norwegian Bokmål, `ua` for Ukrainian). English is complete and the fallback; a key
 * missing in another language falls back to English, key by key.
 */
export const SUPPORTED_LANGUAGES = LanguageCode.options;
export type SupportedLanguage = LanguageCode;

export const FALLBACK_LANGUAGE: SupportedLanguage = 'en';

/** Each language's name in itself, for the language picker. */
export const LANGUAGE_NAMES: Record<SupportedLanguage, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  et: 'Eesti',
  fi: 'Suomi',
  fr: 'Français',
  ga: 'Gaeilge',
  ht: 'Kreyòl ayisyen',
  it: 'Italiano',
  ja: '日本語',
  lt: 'Lietuvių',
  lv: 'Latviešu',
  nl: 'Nederlands',
  no: 'Norsk',
  pt: 'Português',
  sv: 'Svenska',
  ua: 'Українська',
};

/** Maps a browser language tag (`nb-NO`, `uk`, `de-CH`) to a supported language, or the fallback. */
export function matchLanguage(tag: string | undefined): SupportedLanguage {
  const base = (tag ?? '').toLowerCase().split('-')[0] ?? '';
  const aliases: Record<string, SupportedLanguage> = { nb: 'no', nn: 'no', uk: 'ua' };
  const candidate = aliases[base] ?? base;
  const parsed = LanguageCode.safeParse(candidate);
  return parsed.success ? parsed.data : FALLBACK_LANGUAGE;
}

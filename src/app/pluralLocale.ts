/**
 * The locale whose plural rules (CLDR, `Intl.PluralRules`) a supported language follows. The spec's
 * codes are ISO 639-1 except `ua` (spec §9; Ukrainian is `uk`), which Intl does not know: read as
 * `ua`, Ukrainian would get the default rules (one, other) and say "5 секунди" where it needs the
 * `many` form. Every other code is its own locale.
 */
export function pluralLocaleOf(language: string): string {
  return language === 'ua' ? 'uk' : language;
}

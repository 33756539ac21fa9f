import { describe, expect, it } from 'vitest';
import jaCommon from '../../../locales/ja/Common.json';
import jaHome from '../../../locales/ja/Home.json';
import { initI18n } from '../../../src/app/i18n';
import { createStorage } from '../../../src/streams/storage';

describe('i18n fallback', () => {
  it('uses a language where it has the key and English key by key where it does not', async () => {
    const i18n = await initI18n(createStorage(null), 'de-DE');
    expect(i18n.language).toBe('de');
    expect(i18n.t('Common.Loading')).toBe('Wird geladen …');
    expect(i18n.t('Home.FindOutMore')).toBe('Mehr erfahren');

    // A key only English has (a text added before its translations) reads English, key by key,
    // while the language's own texts are its own.
    i18n.addResourceBundle('en', 'translation', { Test: { OnlyEnglish: 'Only English' } }, true);
    await i18n.changeLanguage('ja');
    expect(i18n.language).toBe('ja');
    expect(i18n.t('Test.OnlyEnglish')).toBe('Only English');
    expect(i18n.t('Common.Loading')).toBe(jaCommon.Loading);
    i18n.addResourceBundle('ja', 'translation', { Common: { Loading: '読み込み中…' } }, true, true);
    expect(i18n.t('Common.Loading')).toBe('読み込み中…');
    expect(i18n.t('Home.FindOutMore')).toBe(jaHome.FindOutMore);
  });

  it('counts in Ukrainian (spec code `ua`) by Ukrainian plural rules', async () => {
    const i18n = await initI18n(createStorage(null), 'uk-UA');
    expect(i18n.language).toBe('ua');
    i18n.addResourceBundle(
      'ua',
      'translation',
      {
        Test: {
          Seconds_one: '{{count}} секунда',
          Seconds_few: '{{count}} секунди',
          Seconds_many: '{{count}} секунд',
          Seconds_other: '{{count}} секунди',
        },
      },
      true,
      true,
    );
    expect([1, 3, 5, 21].map((count) => i18n.t('Test.Seconds', { count }))).toEqual([
      '1 секунда',
      '3 секунди',
      '5 секунд',
      '21 секунда',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { initI18n } from '../../../src/app/i18n';
import { createStorage } from '../../../src/streams/storage';

describe('i18n fallback', () => {
  it('uses a language where it has the key and English key by key where it does not', async () => {
    const i18n = await initI18n(createStorage(null), 'de-DE');
    expect(i18n.language).toBe('de');
    expect(i18n.t('Common.Loading')).toBe('Wird geladen …');
    expect(i18n.t('Home.FindOutMore')).toBe('Find out more');
    await i18n.changeLanguage('ja');
    expect(i18n.t('Common.Loading')).toBe('Loading…');
  });
});

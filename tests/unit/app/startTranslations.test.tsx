// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initI18n, loadAllTranslations } from '../../../src/app/i18n';
import {
  englishStartResources,
  START_PARTS,
  START_SECTIONS,
} from '../../../src/app/localeResources';
import { createStorage } from '../../../src/streams/storage';
import { testRuntimeConfig } from '../store/testDependencies';
import { registerMswServer } from '../support/mswServer';
import { renderAppAt } from '../support/renderApp';

/**
 * The pages that render before the rest of the translations loads (`lazyChunk(…, { alone: true })`:
 * login, home, page-not-found) and the Shell around them use only the English start sections bundled
 * with the app (src/app/localeResources.ts; issue 7 "initial JS for the login route").
 */

const server = registerMswServer();
const missing: string[] = [];

beforeAll(async () => {
  await initI18n(createStorage(null), 'en-GB', { sections: 'start' });
  // Every key looked up and not found, in any language (the event needs saveMissing).
  i18next.options.saveMissing = true;
  i18next.on('missingKey', (_languages: readonly string[], _namespace: string, key: string) => {
    missing.push(key);
  });
});

beforeEach(() => {
  missing.length = 0;
  server.use(http.get('http://localhost/config.json', () => HttpResponse.json(testRuntimeConfig)));
});

describe('the English start sections bundled with the app', () => {
  it('are the sections START_SECTIONS and START_PARTS name, and only those', () => {
    expect(Object.keys(englishStartResources).sort()).toEqual(
      [...START_SECTIONS, ...START_PARTS].sort(),
    );
  });

  it('hold only the keys asked of the sections bundled in part', () => {
    expect(Object.keys(englishStartResources.Settings ?? {})).toEqual([
      'Language',
      'Theme',
      'ThemeSystem',
      'ThemeLight',
      'ThemeDark',
      'Units',
    ]);
    expect(Object.keys(englishStartResources.Share ?? {})).toEqual(['NotFound']);
  });

  it('hears a key that is missing (the checks below can fail)', () => {
    // saveMissing then stores the key's own text: this key is not used again below.
    i18next.t('Monitor.Heading');
    expect(missing).toEqual(['Monitor.Heading']);
  });

  it('word the login page and the Shell with no key missing', async () => {
    renderAppAt('/auth/login');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeVisible();
    expect(screen.getByLabelText('E-mail')).toBeVisible();
    await waitFor(() => {
      expect(document.title).toBe('Log in · Lifeline');
    });
    expect(missing).toEqual([]);
  });

  it('word home, page-not-found and share-not-found with no key missing', async () => {
    const home = renderAppAt('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Someone is always watching out for you',
    );
    home.unmount();
    const notFound = renderAppAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    notFound.unmount();
    // Share-not-found is in the entry: it shows when a link fails, whatever else cannot load.
    renderAppAt('/share-not-found/NoSuchCode42');
    expect(
      await screen.findByRole('heading', { name: 'This share link does not work' }),
    ).toBeVisible();
    expect(missing).toEqual([]);
  });

  it('leave the other sections to loadAllTranslations, which adds them once loaded', async () => {
    expect(i18next.exists('Activities.Tab.Map')).toBe(false);
    expect(i18next.exists('Settings.Communications.Intro')).toBe(false);
    expect(i18next.exists('Share.Messages.Title')).toBe(false);
    await loadAllTranslations();
    expect(i18next.exists('Activities.Tab.Map')).toBe(true);
    // The sections bundled in part are whole now, the bundled keys kept.
    expect(i18next.exists('Settings.Communications.Intro')).toBe(true);
    expect(i18next.exists('Share.Messages.Title')).toBe(true);
    expect(i18next.t('Settings.ThemeDark')).toBe('Dark');
    expect(i18next.t('Share.NotFound.Title')).toBe('This share link does not work');
    // The start sections are still there.
    expect(i18next.t('Auth.Errors.NotAuthorizedException')).not.toBe(
      'Auth.Errors.NotAuthorizedException',
    );
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/*
 * The login route loads its own code and words only (issue 7 "initial JS for the login route"): the
 * identity library, socket.io, the other screens' epics and slices and their translations load when
 * needed. The chunks are
 * found through the build's manifest (the e2e server serves the build in dist/web).
 */

const manifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../dist/web/.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string } | undefined>;

/**
 * The URL path of the shared chunk named after `name` (a manifest key `_name-hash.js`): the chunk
 * Rolldown made of a module several screens import, with what only they need (its dependencies).
 */
function sharedChunkOf(name: string): string {
  const key = Object.keys(manifest).find((k) => k.startsWith(`_${name}-`));
  const chunk = key === undefined ? undefined : manifest[key];
  if (!chunk) throw new Error(`The build has no shared chunk ${name}`);
  return `/${chunk.file}`;
}

/** The URL path of the chunk built from `source` (a manifest key). */
function chunkOf(source: string): string {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build has no chunk for ${source}`);
  return `/${chunk.file}`;
}

test('the login route fetches neither the identity library, socket.io, the form library, other screens’ epics nor their words until needed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const identityLibrary = chunkOf('src/api/client/identityClient.ts');
  const lateChunks = [
    identityLibrary,
    chunkOf('src/streams/socket.ts'),
    chunkOf('locales/en/Activities.json'),
    chunkOf('locales/en/Monitor.json'),
    // The activity screens' store part and the other auth pages' epics load with their routes.
    chunkOf('src/store/activityDataEpics.ts'),
    chunkOf('src/features/auth/authFeatureEpics.ts'),
    chunkOf('src/features/contacts/contactsEpics.ts'),
    // react-hook-form, with its resolver: the other forms need it, the login form does not.
    sharedChunkOf('zodFormResolver'),
  ];

  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts).toContain(chunkOf('src/features/auth/pages/LoginPage.tsx'));
  expect(scripts.filter((script) => lateChunks.includes(script))).toEqual([]);

  // Signing in needs the identity library: it loads then, and answers.
  await page.getByLabel('E-mail').fill('nobody-here@example.org');
  await page.getByLabel('Password').fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'There is no account with this e-mail.' }),
  ).toBeVisible();
  expect(scripts).toContain(identityLibrary);
});

test('the app’s scripts arrive compressed, as the build wrote them, and cached for a year', async ({
  page,
}) => {
  // The chunk of everything the app loads at start (vite.config.ts).
  const app = sharedChunkOf('app');
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === app);
  await page.goto('/auth/login');
  const response = await answer;
  const headers = await response.allHeaders();
  // Chromium accepts brotli; the server sends the .br the build wrote beside the script.
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

import { expect, test, type Page, type Response } from '@playwright/test';
import { demoShareUrl, signInDemoMember } from './support/demoMember';

/*
 * Every call the app's pages make is one the server serves: signed in as the demo member, each
 * member page loads with no API answer of 400 or more, and so does a guardian's view of the demo's
 * share link. A store that loads what no route answers (GET subscriptions and
 * load-wearer-reminders did, until 2026-12-07: a 404 on every member page) fails here.
 */

const MEMBER_PAGES = [
  '/member',
  '/member/activities',
  '/member/contacts',
  '/member/devices',
  '/member/equipment',
  '/member/personal-details',
  '/member/communications',
  '/member/units',
  '/member/activity-types',
  '/member/services-provided',
];

/** Collects the page's API answers of 400 or more as `status METHOD path`. */
function refusalsOf(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (response.status() >= 400 && /^\/(api|authapi|central)\//.test(url.pathname)) {
      refused.push(`${String(response.status())} ${response.request().method()} ${url.pathname}`);
    }
  });
  return refused;
}

test('the member pages make no call the server refuses', async ({ page, request }) => {
  const refused = refusalsOf(page);
  await signInDemoMember(page, request);
  for (const path of MEMBER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
});

test('a guardian’s view of a share link makes no call the server refuses', async ({
  page,
  request,
}) => {
  const refused = refusalsOf(page);
  await page.goto(await demoShareUrl(request));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');
  await page.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
});

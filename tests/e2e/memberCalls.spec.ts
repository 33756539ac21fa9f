import { expect, test, type Response } from '@playwright/test';
import { signInDemoMember } from './support/demoMember';

/*
 * Every call the member's pages make is one the server serves: signed in as the demo member, each
 * member page loads with no API answer of 400 or more. A store that loads what no route answers
 * (GET subscriptions and load-wearer-reminders did, until 2026-12-07: a 404 on every member page)
 * fails here.
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

test('the member pages make no call the server refuses', async ({ page, request }) => {
  const refused: string[] = [];
  const record = (response: Response): void => {
    const url = new URL(response.url());
    if (response.status() >= 400 && /^\/(api|authapi|central)\//.test(url.pathname)) {
      refused.push(`${String(response.status())} ${response.request().method()} ${url.pathname}`);
    }
  };
  page.on('response', record);
  await signInDemoMember(page, request);
  for (const path of MEMBER_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(refused).toEqual([]);
});

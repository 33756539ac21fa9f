#!/usr/bin/env node
// Screenshots of the member's activity map in light and dark (issue 7: "screenshots of the map in
// light and dark mode committed under docs/"), taken in Debian's Chromium against a running app with
// the live demo: `npm start`, then `node scripts/screenshots.mjs [base URL]` (default
// http://127.0.0.1:8080). Writes docs/screenshots/activity-map-{light,dark}.png.
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const out = path.resolve(import.meta.dirname, '../docs/screenshots');
/** The paddle of the real Lysefjord kayak–run–bike day, 12 days back (the oldest kayaking outing). */
const ACTIVITY_NAME = /Kayaking/;

const demo = await (await fetch(`${base}/api/dev/demo`)).json();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--use-angle=gl-egl', '--ignore-gpu-blocklist'],
});
try {
  for (const theme of ['light', 'dark']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((value) => {
      localStorage.setItem('lifeline.theme', value);
    }, theme);
    const page = await context.newPage();
    await page.goto(`${base}/auth/login`);
    await page.getByLabel('E-mail').fill(demo.Member.Email);
    await page.getByLabel('Password').fill(demo.Member.Password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText(/Signed in as/).waitFor({ timeout: 30_000 });
    await page.goto(`${base}/member/activities`);
    await page.getByRole('link', { name: ACTIVITY_NAME }).last().click();
    await page.locator('canvas').first().waitFor({ timeout: 30_000 });
    // Let the basemap tiles and the track draw.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3_000);
    await page.screenshot({ path: path.join(out, `activity-map-${theme}.png`), fullPage: true });
    console.log(`docs/screenshots/activity-map-${theme}.png`);
    await context.close();
  }
} finally {
  await browser.close();
}

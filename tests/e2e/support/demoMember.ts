import {
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';

/**
 * The dev demo's share link of its live activity (an absolute /share/activity/{ShareToken} URL), once
 * the demo watch stored its first fix: the server answers /api/dev/demo before that with a null
 * ShareUrl, so this polls for up to 60 s.
 */
export async function demoShareUrl(request: APIRequestContext): Promise<string> {
  const current = async () =>
    ((await (await request.get('/api/dev/demo')).json()) as { ShareUrl: string | null }).ShareUrl;
  await expect.poll(current, { timeout: 60_000 }).toMatch(/\/share\/activity\//);
  return String(await current());
}

/**
 * The seeded demo member of the e2e server (DEMO=1, playwright.config.ts): its history is imported
 * once per data directory, and scripts/e2e.mjs starts every run on a fresh one, so each run sees the
 * same history (server/demo/demoTracks.ts) shifted to end in the last days.
 */
export async function signInDemoMember(page: Page, request: APIRequestContext): Promise<void> {
  const demo = async () =>
    (
      (await (await request.get('/api/dev/demo')).json()) as {
        Member?: { Email: string; Password: string };
      }
    ).Member;
  // The server answers before the demo has seeded its member and history.
  await expect.poll(async () => (await demo())?.Email, { timeout: 60_000 }).toBeTruthy();
  const member = await demo();
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(member?.Email ?? '');
  await page.getByLabel('Password').fill(member?.Password ?? '');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Signed in as Ingrid')).toBeVisible({ timeout: 15_000 });
}

/** The value (`<dd>`) of the figure labelled `label` (`<dt>`) in `scope`. */
export function figure(scope: Page | Locator, label: string): Locator {
  // A `has` locator is matched inside each candidate, so it starts from the page, not from `scope`.
  const page = 'mouse' in scope ? scope : scope.page();
  return scope
    .locator('dl > div')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');
}

/** "1:05:09" or "12:04" → seconds. */
export function durationSeconds(text: string): number {
  return text.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** What a map's pixels show: counts of sea, land, speed-coloured track and replay-trail pixels. */
export interface MapPixels {
  readonly sea: number;
  readonly land: number;
  readonly track: number;
  readonly replay: number;
}

/**
 * Counts, in a screenshot of `map` (kept in memory, decoded in the page), the pixels of the offline
 * basemap's sea and land (src/ui/map/basemapStyle.ts, light or dark), of strongly coloured track
 * drawing (the speed ramp of src/ui/map/trackAttributes.ts and the markers: the basemap and the map's
 * controls are all greyish) and of the replay's orange trail (ReplayMap.tsx).
 */
export async function mapPixels(page: Page, map: Locator): Promise<MapPixels> {
  const png = (await map.screenshot({ animations: 'allow' })).toString('base64');
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context');
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const near = (i: number, [r, g, b]: readonly number[]) =>
      Math.abs((data[i] ?? 0) - (r ?? 0)) +
        Math.abs((data[i + 1] ?? 0) - (g ?? 0)) +
        Math.abs((data[i + 2] ?? 0) - (b ?? 0)) <=
      6;
    const seas = [
      [0xb9, 0xd3, 0xe6],
      [0x0e, 0x1a, 0x26],
    ];
    const lands = [
      [0xf4, 0xf1, 0xea],
      [0x26, 0x30, 0x3a],
    ];
    const counts = { sea: 0, land: 0, track: 0, replay: 0 };
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i] ?? 0;
      const g = data[i + 1] ?? 0;
      const b = data[i + 2] ?? 0;
      if (seas.some((c) => near(i, c))) counts.sea++;
      else if (lands.some((c) => near(i, c))) counts.land++;
      if (Math.abs(r - 255) + Math.abs(g - 121) + b <= 40) counts.replay++;
      else if (Math.max(r, g, b) - Math.min(r, g, b) > 90) counts.track++;
    }
    return counts;
  }, png);
}

/** The row of the activities list (or a journey's) whose link names `type` and shows `duration`. */
export function activityRow(page: Page, type: string, duration: string): Locator {
  return page
    .getByRole('link')
    .filter({ has: page.getByText(type, { exact: true }) })
    .filter({ has: page.getByText(duration, { exact: true }) });
}

/** Opens the activities list over all time. */
export async function openAllActivities(page: Page): Promise<void> {
  await page.goto('/member/activities');
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'All time' });
}

/** The id in the URL of the activity page shown. */
export function shownActivityId(page: Page): number {
  return Number(/\/member\/activity\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
}

/** The next answer to a reload of activity `id`'s detail (the reload a saved edit asks for). */
export function detailReload(page: Page, id: number): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/member-wearer-activity-detail') &&
      (response.request().postDataJSON() as { ActivityId?: number }).ActivityId === id,
    { timeout: 30_000 },
  );
}

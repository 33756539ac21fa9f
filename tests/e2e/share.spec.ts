import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { demoShareUrl } from './support/demoMember';

/**
 * The demo member signed in through the login form in a fresh context, once the demo's live activity
 * exists: the page, that activity's id (from the demo share token's claims) and the member's
 * `authorization` header as the app sends it.
 */
async function signedInDemoMember(
  browser: Browser,
  request: APIRequestContext,
): Promise<{ member: Page; activityId: number; authorization: string }> {
  await demoShareUrl(request);
  const demo = (await (await request.get('/api/dev/demo')).json()) as {
    Member: { Email: string; Password: string };
    ShareToken: string;
  };
  const claims = JSON.parse(
    Buffer.from(demo.ShareToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as { ActivityId: number };
  const member = await (await browser.newContext()).newPage();
  await member.goto('/auth/login');
  await member.getByLabel('E-mail').fill(demo.Member.Email);
  await member.getByLabel('Password').fill(demo.Member.Password);
  const memberCall = member.waitForRequest(
    (r) => r.url().includes('/api/member-integration/') && r.headers().authorization !== undefined,
  );
  await member.getByRole('button', { name: 'Log in' }).click();
  await expect(member.getByText('Signed in as Ingrid')).toBeVisible({ timeout: 15_000 });
  const authorization = (await memberCall).headers().authorization ?? '';
  return { member, activityId: claims.ActivityId, authorization };
}

/** The map's colours the share browser tests look for on screen. */
const COLOUR_TESTS = {
  /** The wearer's orange (255, 121, 0). */
  orange: [225, 256, 90, 150, 0, 50],
  /** The searchlight viewer's blue (30, 110, 230), not the basemap's pale water. */
  blue: [0, 80, 80, 150, 190, 256],
} as const;

/** How many pixels of `colour` a PNG screenshot holds, counted in the page. */
function pixelsOf(page: Page, png: Buffer, colour: keyof typeof COLOUR_TESTS): Promise<number> {
  return page.evaluate(
    async ({ base64, ranges }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      if (!context) return 0;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const [rMin, rMax, gMin, gMax, bMin, bMax] = ranges;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) {
        const [r = 0, g = 0, b = 0] = [data[i], data[i + 1], data[i + 2]];
        if (r >= rMin && r < rMax && g >= gMin && g < gMax && b >= bMin && b < bMax) count += 1;
      }
      return count;
    },
    { base64: png.toString('base64'), ranges: COLOUR_TESTS[colour] },
  );
}

/**
 * How many pixels of `colour` the screen shows within 16 CSS px of `marker` (a live overlay's marker
 * box, whose top left is the position), after checking that the marker lies inside `map`.
 */
async function pixelsOnMarker(
  page: Page,
  map: Locator,
  marker: Locator,
  colour: keyof typeof COLOUR_TESTS,
): Promise<number> {
  await map.scrollIntoViewIfNeeded();
  const [mapBox, box] = await Promise.all([map.boundingBox(), marker.boundingBox()]);
  if (!mapBox || !box) throw new Error('the map or the marker has no box');
  expect(box.x > mapBox.x && box.x < mapBox.x + mapBox.width).toBe(true);
  expect(box.y > mapBox.y && box.y < mapBox.y + mapBox.height).toBe(true);
  const png = await page.screenshot({
    clip: { x: box.x - 16, y: box.y - 16, width: 32, height: 32 },
  });
  return pixelsOf(page, png, colour);
}

test('a guardian opens the demo share link without an account and watches the wearer live', async ({
  browser,
  request,
}) => {
  const shareUrl = await demoShareUrl(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');
  await expect(page).toHaveTitle('Ingrid Nordvik — live');
  await expect(page.getByText(/^Kayaking · started/)).toBeVisible();
  // The demo watch reports every few seconds: the view says how fresh the position is.
  await expect(page.getByText(/last position (just now|\d+ seconds? ago)/)).toBeVisible({
    timeout: 30_000,
  });
  const map = page.getByRole('region', { name: 'Map of the shared activity' });
  await expect(map.locator('canvas')).toBeVisible({ timeout: 30_000 });
  await expect(map.getByText('© OpenStreetMap contributors')).toBeAttached();
  // What the wearer has with them, for rescuers (docs/share-viewing.md "Equipment").
  const equipment = page.getByRole('region', { name: 'What Ingrid Nordvik has with them' });
  await expect(equipment.getByText('Sea kayak')).toBeVisible();
  await expect(equipment.getByText('Yellow')).toBeVisible();
  // deck.gl's loop waits for work instead of running every frame (src/ui/map/overlayFrames.ts) …
  await expect(map).toHaveAttribute('data-frames', 'on-demand');
  // … and still draws each new fix: the map's drawn point count follows the track.
  await expect(map).toHaveAttribute('data-drawn', /^[1-9]\d*$/, { timeout: 30_000 });
  const drawn = Number(await map.getAttribute('data-drawn'));
  // Live: the distance grows as the wearer paddles.
  const distance = page.getByRole('definition').nth(3);
  const before = await distance.innerText();
  await expect(distance).not.toHaveText(before, { timeout: 30_000 });
  await expect
    .poll(async () => Number(await map.getAttribute('data-drawn')), { timeout: 30_000 })
    .toBeGreaterThan(drawn);
  // A fix moves the wearer's marker, drawn over the map (docs/share-viewing.md "Map: a fix moves the
  // wearer, not the map"), inside the map.
  const marker = map.locator('.ll-live-wearer-position');
  const at = await marker.evaluate((element) => element.style.transform);
  await expect
    .poll(() => marker.evaluate((element) => element.style.transform), { timeout: 30_000 })
    .not.toBe(at);
  // And it is drawn: the wearer's orange around that point on screen (an SVG of size 0 draws nothing).
  expect(await pixelsOnMarker(page, map, marker, 'orange')).toBeGreaterThan(20);
  await context.close();
});

test('a guardian messages the wearer: delivered, seen, and the watch’s reply appears live, for the guardian and on the member’s activity', async ({
  browser,
  request,
}) => {
  const shareUrl = await demoShareUrl(request);
  // The member has the activity open before the message is written: its Messages tab comes live.
  const { member, activityId } = await signedInDemoMember(browser, request);
  await member.goto(`/member/activity/${String(activityId)}`);
  await expect(member.getByRole('tab', { name: 'Map' })).toBeVisible({ timeout: 30_000 });
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(shareUrl);
  await page.getByRole('textbox', { name: 'Your name' }).fill('Kari');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('You are shown as Kari.')).toBeVisible();
  const text = `Are you OK? (${String(Date.now() % 100_000)})`;
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  const message = page.getByRole('listitem').filter({ hasText: text });
  await expect(message).toBeVisible();
  // The demo watch fetches its messages, marks them seen and answers with its last option.
  await expect(message.getByText('Seen by the wearer')).toBeVisible({ timeout: 60_000 });
  await expect(message.getByText(/Reply .*: Yes/)).toBeVisible({ timeout: 60_000 });
  // The member's page heard the thread change: its Messages tab shows the message and the reply.
  await member.getByRole('tab', { name: 'Messages' }).click({ timeout: 30_000 });
  const mine = member.getByRole('tabpanel').getByRole('listitem').filter({ hasText: text });
  await expect(mine.getByText('Kari', { exact: false })).toBeVisible();
  await expect(mine.getByText(/Reply .*: Yes/)).toBeVisible({ timeout: 30_000 });
  await context.close();
  await member.context().close();
});

test('the searchlight points a guardian with a phone at the wearer: bearing, distance and compass', async ({
  browser,
  request,
}) => {
  const shareUrl = await demoShareUrl(request);
  // About 110 km due north of the demo paddle on the Lysefjord (≈ 59.0° N, 6.0° E).
  const context = await browser.newContext({
    geolocation: { latitude: 60.0, longitude: 6.05, accuracy: 20 },
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  // The phone faces east: its compass (alpha 270 → heading 90°) reports four times a second.
  await page.addInitScript(() => {
    setInterval(() => {
      window.dispatchEvent(
        new DeviceOrientationEvent('deviceorientationabsolute', { alpha: 270, absolute: true }),
      );
    }, 250);
  });
  await page.goto(shareUrl);
  await page.getByRole('button', { name: 'Show me the way' }).click();
  const arrow = page.getByRole('img', { name: /^The wearer is [\d.]+ km away, south$/ });
  await expect(arrow).toBeVisible({ timeout: 30_000 });
  const label = (await arrow.getAttribute('aria-label')) ?? '';
  const distanceKm = Number(/([\d.]+) km/.exec(label)?.[1]);
  expect(distanceKm).toBeGreaterThan(100);
  expect(distanceKm).toBeLessThan(125);
  // The wearer, to the south, is to the right of an east-facing phone: the arrow turns ≈ 90°. Until
  // the first compass reading the arrow is north-up (≈ 180°, the bearing itself), so wait for 90.
  const rotation = async () =>
    Number(/rotate\(([-\d.]+)deg\)/.exec((await arrow.getAttribute('style')) ?? '')?.[1]);
  await expect
    .poll(async () => Math.abs((await rotation()) - 90), { timeout: 15_000 })
    .toBeLessThan(5);
  await expect(page.getByText(/no compass/)).toHaveCount(0);
  // The map shows the viewer too, in blue, with a line to the wearer (docs/share-viewing.md
  // "Searchlight on the map"), drawn over the map like the wearer; following keeps both in view
  // while the wearer reports (every second in the demo).
  const map = page.getByRole('region', { name: 'Map of the shared activity' });
  const viewer = map.locator('.ll-live-wearer-viewer');
  const shown = (element: HTMLElement | SVGElement) => element.style.display !== 'none';
  await expect.poll(() => viewer.evaluate(shown), { timeout: 30_000 }).toBe(true);
  expect(await map.locator('.ll-live-wearer-searchlight').evaluate(shown)).toBe(true);
  await expect(page.getByRole('checkbox', { name: 'Follow the wearer' })).toBeChecked();
  expect(await pixelsOnMarker(page, map, viewer, 'blue')).toBeGreaterThan(20);
  const wearer = map.locator('.ll-live-wearer-position');
  expect(await pixelsOnMarker(page, map, wearer, 'orange')).toBeGreaterThan(20);
  // The guardian walks on, 11 km further north: the watch goes on and the distance follows within
  // the 8 s throttle. Chromium reports an unavailable position as its emulated one changes, which
  // until 2026-12-07 ended the watch for 30 s (docs/share-viewing.md "Searchlight location errors").
  await context.setGeolocation({ latitude: 60.1, longitude: 6.05, accuracy: 20 });
  const distanceNow = async () =>
    Number(/([\d.]+) km/.exec((await arrow.getAttribute('aria-label')) ?? '')?.[1]);
  await expect.poll(distanceNow, { timeout: 20_000 }).toBeGreaterThan(distanceKm + 8);
  await context.close();
});

test('a tampered share link shows share-not-found and nothing of the wearer', async ({
  page,
  request,
}) => {
  const shareUrl = await demoShareUrl(request);
  const tampered = `${shareUrl.slice(0, -2)}${shareUrl.endsWith('AA') ? 'BB' : 'AA'}`;
  const answers: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('activity-sharing')) {
      void response.text().then((body) => answers.push(body));
    }
  });
  await page.goto(tampered);
  await expect(page.getByRole('heading', { name: 'This share link does not work' })).toBeVisible();
  await expect(page).toHaveURL(/\/share-not-found$/);
  await expect(page.getByRole('link', { name: 'Members: log in' })).toBeVisible();
  expect(answers.join('')).not.toContain('Nordvik');
});

test('the wearer opening their own share link signed out logs in from it and lands on the whole activity', async ({
  browser,
  request,
}) => {
  const shareUrl = await demoShareUrl(request);
  const demo = (await (await request.get('/api/dev/demo')).json()) as {
    Member: { Email: string; Password: string };
    ShareToken: string;
  };
  const { ActivityId } = JSON.parse(
    Buffer.from(demo.ShareToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as { ActivityId: number };
  const page = await (await browser.newContext()).newPage();
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');
  await expect(page.getByText('Is this your activity?')).toBeVisible();
  await page.getByRole('link', { name: 'Log in to see all of it' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=/);
  await page.getByLabel('E-mail').fill(demo.Member.Email);
  await page.getByLabel('Password').fill(demo.Member.Password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Through the member routes' gate to the activity's own page, with what a share does not show.
  await expect(page).toHaveURL(new RegExp(`/member/activity/${String(ActivityId)}$`), {
    timeout: 15_000,
  });
  await expect(page.locator('summary', { hasText: 'Share links' })).toBeVisible();
});

test('a short link with an unknown code shows share-not-found with its code', async ({ page }) => {
  await page.goto('/go/NoSuchCode42');
  await expect(page).toHaveURL(/\/share-not-found\/NoSuchCode42$/);
  await expect(page.getByRole('heading', { name: 'This share link does not work' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Members: log in' })).toBeVisible();
});

test('a member shares the live activity from its page, and revoking it ends a guardian’s view', async ({
  browser,
  request,
}) => {
  const { member, activityId } = await signedInDemoMember(browser, request);
  await member.goto(`/member/activity/${String(activityId)}`);
  await member.locator('summary', { hasText: 'Share links' }).click();
  await member.getByLabel('Link works for').selectOption({ label: '1 hour' });
  await member.getByRole('button', { name: 'Create a share link' }).click();
  const link = await member.getByLabel('Share link', { exact: true }).inputValue();
  expect(link).toMatch(/\/share\/activity\//);

  const guardian = await (await browser.newContext()).newPage();
  await guardian.goto(link);
  await expect(guardian.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');

  const list = member.getByRole('list', { name: 'Share links of this activity' });
  // The newest link is listed first.
  await list.getByRole('button', { name: 'Revoke' }).first().click();
  await list.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(member.getByText('Share link revoked: it no longer opens.')).toBeVisible();
  // The server disconnects the viewer; the view checks the link again and ends. The guardian's page
  // may still be starting its map: on a loaded 2-core CI its software-rendered WebGL set-up holds the
  // page's main thread for seconds (a trace showed 5 s without a frame), so the page ends after it.
  await expect(
    guardian.getByRole('heading', { name: 'This share link does not work' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(guardian.getByText('Ingrid Nordvik')).toHaveCount(0);
  await guardian.context().close();
  await member.context().close();
});

test('an expired share link ends a guardian’s view by itself and then opens as not found', async ({
  browser,
  request,
}) => {
  // The shortest expiry a member may choose is one minute (share-activity).
  test.setTimeout(180_000);
  const { authorization, activityId, member } = await signedInDemoMember(browser, request);
  // One of the member's finished activities, not the live one: the revoke test runs in parallel and
  // revokes the newest link of the live activity's list, which must stay its own.
  const listed = await request.post('/api/member-integration/member-wearer-activities', {
    headers: { authorization },
    data: { TimeStart: Date.now() - 30 * 86_400_000, TimeEnd: Date.now() },
  });
  expect(listed.status()).toBe(200);
  const finished = (
    (await listed.json()) as { Activities: { ActivityId: number }[] }
  ).Activities.find((activity) => activity.ActivityId !== activityId);
  expect(finished).toBeDefined();
  const created = await request.post('/api/member-integration/share-activity', {
    headers: { authorization },
    data: { ActivityId: finished?.ActivityId, ExpiryTimestamp: Date.now() + 61_000 },
  });
  expect(created.status()).toBe(200);
  const { ShareUrl } = (await created.json()) as { ShareUrl: string };

  const guardian = await (await browser.newContext()).newPage();
  await guardian.goto(ShareUrl);
  await expect(guardian.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');
  // At expiry the server disconnects the viewer (as a revoke does); the view checks and ends.
  await expect(
    guardian.getByRole('heading', { name: 'This share link does not work' }),
  ).toBeVisible({ timeout: 90_000 });
  await expect(guardian.getByText('Ingrid Nordvik')).toHaveCount(0);

  const late = await (await browser.newContext()).newPage();
  await late.goto(ShareUrl);
  await expect(late).toHaveURL(/\/share-not-found$/, { timeout: 20_000 });
  await expect(late.getByText('Ingrid Nordvik')).toHaveCount(0);
  await Promise.all([guardian.context().close(), late.context().close(), member.context().close()]);
});

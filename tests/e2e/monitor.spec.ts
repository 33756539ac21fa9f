import { expect, test } from '@playwright/test';
import { demoShareUrl } from './support/demoMember';
import { memberWithDevice, shareLiveActivity } from './support/liveMember';
import { startSimulator, stopSimulator } from './support/simulator';

/*
 * The operator monitor (issue 8 item 6; docs/monitor.md): an operator without an account pastes the
 * demo's share link and watches the wearer live on a card; a link that is no activity share is refused.
 * Then the issue's check: the demo share plus two more live shares, each of a new member whose device
 * the simulator drives (`npm run simulate`'s program replaying a real track).
 */

test('an operator watches the demo share on the monitor, live, and opens its full view', async ({
  page,
  request,
}) => {
  const current = async () =>
    ((await (await request.get('/api/dev/demo')).json()) as { ShareUrl: string | null }).ShareUrl;
  await expect.poll(current, { timeout: 60_000 }).toMatch(/\/share\/activity\//);
  const shareUrl = String(await current());

  await page.goto('/monitor');
  await expect(page.getByRole('heading', { name: 'Operator monitor' })).toBeVisible();
  await page.getByLabel('Share link').fill('https://example.com/not-a-share');
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByText('That is not a share link of an activity.')).toBeVisible();

  await page.getByLabel('Share link').fill(shareUrl);
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByText('1 share watched')).toBeVisible();
  const card = page.getByRole('link', { name: 'Ingrid Nordvik' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  // The card's last fix moves on as the demo watch reports (live over the monitor's one socket).
  const lastFix = page.getByText(/Last fix /).first();
  await expect(lastFix).toBeVisible();
  const before = await lastFix.innerText();
  await expect.poll(() => lastFix.innerText(), { timeout: 30_000 }).not.toBe(before);

  await card.click();
  await expect(page).toHaveURL(/\/share\/activity\//);
  // The share view loads its page chunk and the shared activity first; on a loaded 2-core CI that
  // took over 5 s once (the card's map and 60 fps of live frames share the main thread).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik', {
    timeout: 15_000,
  });
});

test('the monitor watches the demo share and two more live shares from the simulator', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const demoLink = await demoShareUrl(page.request);
  const [astrid, bjorn] = await Promise.all([
    memberWithDevice(browser, 'Astrid', { code: 'BRACELET', label: 'Bracelet' }),
    memberWithDevice(browser, 'Bjorn', { code: 'EV07', label: 'EV07' }),
  ]);
  const simulators = [
    startSimulator(String(baseURL), astrid.device.IngestKey, 'run-washington-dc-hr.gpx'),
    startSimulator(
      String(baseURL),
      bjorn.device.IngestKey,
      'sail-valencia-regatta-ESP29375-race1.gpx',
    ),
  ];
  try {
    const links = await Promise.all([
      shareLiveActivity(astrid.page),
      shareLiveActivity(bjorn.page),
    ]);

    await page.goto('/monitor');
    for (const link of [demoLink, ...links]) {
      await page.getByLabel('Share link').fill(link);
      await page.getByRole('button', { name: 'Watch' }).click();
    }
    await expect(page.getByText('3 shares watched')).toBeVisible();
    for (const name of ['Ingrid Nordvik', 'Astrid Nordmann', 'Bjorn Nordmann']) {
      const card = page.getByRole('link', { name });
      await expect(card).toBeVisible({ timeout: 30_000 });
      // Each card's last fix moves on as its device reports (all over the monitor's one socket).
      const lastFix = page
        .getByRole('listitem')
        .filter({ has: card })
        .getByText(/Last fix /);
      const before = await lastFix.innerText();
      await expect.poll(() => lastFix.innerText(), { timeout: 30_000 }).not.toBe(before);
    }
  } finally {
    await Promise.all(simulators.map(stopSimulator));
    await astrid.page.context().close();
    await bjorn.page.context().close();
  }
});

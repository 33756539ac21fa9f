import { expect, test } from '@playwright/test';

/*
 * The operator monitor (issue 8 item 6; docs/monitor.md): an operator without an account pastes the
 * demo's share link and watches the wearer live on a card; a link that is no activity share is refused.
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');
});

import { expect, test, type Page } from '@playwright/test';
import {
  activityRow,
  demoShareUrl,
  openAllActivities,
  signInDemoMember,
} from './support/demoMember';

/*
 * Guardians open share links on their phones, and members check their activities on theirs: no page
 * may be wider than a small phone's screen (a page that scrolls sideways hides the header's controls
 * and half of every row). 360 × 740 CSS pixels, a common small Android screen, as a touch device.
 */
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/** What sticks out past the right edge of the page: the elements, outermost first, and the page's width. */
async function overflow(page: Page): Promise<{ scrollWidth: number; sticking: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const sticking: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const box = element.getBoundingClientRect();
      // A tab bar scrolls sideways inside itself; its tabs may lie past the edge.
      if (box.width > 0 && box.right > width + 1 && !element.closest('[role="tablist"]')) {
        sticking.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, sticking: sticking.slice(0, 5) };
  });
}

async function expectFitsTheScreen(page: Page): Promise<void> {
  // Every check runs after the page's content is in, so late content is measured too.
  expect(await overflow(page)).toEqual({ scrollWidth: 360, sticking: [] });
}

test('the guardian share view and the operator monitor fit a phone', async ({ page, request }) => {
  const shareUrl = await demoShareUrl(request);
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingrid Nordvik' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('Speed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expectFitsTheScreen(page);

  await page.goto('/monitor');
  await page.getByLabel('Share link').fill(shareUrl);
  await page.getByRole('button', { name: 'Watch' }).click();
  await expect(page.getByTestId('monitor-card')).toHaveCount(1);
  await expect(page.getByTestId('monitor-card').getByText(/^Last position/)).toBeVisible({
    timeout: 30_000,
  });
  await expectFitsTheScreen(page);
});

test("the member's activities, an activity's tabs and the units page fit a phone", async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  await openAllActivities(page);
  // The Valencia regatta of the seeded history: a long row (speeds, heart rate) and every tab.
  const regatta = activityRow(page, 'Sailing', '31:57');
  await expect(regatta).toBeVisible({ timeout: 15_000 });
  await expectFitsTheScreen(page);

  await regatta.click();
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible({ timeout: 15_000 });
  for (const name of await tabs.allTextContents()) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
    await expectFitsTheScreen(page);
  }

  await page.goto('/member/units');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFitsTheScreen(page);
});

test.describe('in Norwegian', () => {
  test.use({ locale: 'nb-NO' });

  test('a heading of one long compound word does not widen the page', async ({ page }) => {
    await page.goto('/monitor');
    await expect(page.getByRole('heading', { level: 1, name: 'Operatørovervåking' })).toBeVisible();
    await expectFitsTheScreen(page);
  });
});

test.describe('in Lithuanian', () => {
  test.use({ locale: 'lt-LT' });

  test('the share view’s equipment, with long labels and values, does not widen the page', async ({
    page,
    request,
  }) => {
    await page.goto(await demoShareUrl(request));
    await expect(page.getByRole('heading', { level: 1, name: 'Ingrid Nordvik' })).toBeVisible({
      timeout: 30_000,
    });
    // "Plaukiojimo priemonės tipas": the equipment's longest label, beside "Plaukiojimo priemonė".
    await expect(page.getByText('Plaukiojimo priemonės tipas')).toBeVisible({ timeout: 30_000 });
    await expectFitsTheScreen(page);
  });
});

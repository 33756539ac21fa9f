import { expect, test, type Locator, type Page } from '@playwright/test';
import { figure, mapPixels, signInDemoMember } from './support/demoMember';

/*
 * The member's journey (issue 7 acceptance): the demo history's 3-day Black Forest hike (one hike a
 * day on consecutive days, server/demo/demoTracks.ts) is the journey the screen opens on; nothing in
 * the e2e specs edits it.
 */

/** The journey map's drawn point count once it has drawn a track (src/ui/map/MapView.tsx). */
async function drawnPoints(map: Locator): Promise<number> {
  await expect(map).toHaveAttribute('data-drawn', /^[1-9]\d*$/, { timeout: 30_000 });
  return Number(await map.getAttribute('data-drawn'));
}

/** Chooses the day tab `name`, which then is the selected one. */
async function chooseDay(page: Page, name: string | RegExp): Promise<void> {
  const tab = page.getByRole('tablist', { name: 'Days of the journey' }).getByRole('tab', { name });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Whether the map starts inside the first screen: its top edge above the viewport's bottom. */
async function inFirstScreen(page: Page, map: Locator): Promise<boolean> {
  const box = await map.boundingBox();
  const viewport = page.viewportSize();
  return box !== null && viewport !== null && box.y < viewport.height;
}

/** The hike's days: distance, moving time (the demo's track file). */
const HIKE = [
  { distance: '522 m', time: '7:10' },
  { distance: '1.20 km', time: '16:02' },
  { distance: '19 m', time: '1:24' },
] as const;

test('the member steps through the 3-day journey and its complete timeline, then shares it', async ({
  page,
  request,
  browser,
}) => {
  await signInDemoMember(page, request);
  await page.goto('/member/share-journey');
  await expect(page.getByRole('heading', { level: 1, name: 'Journey' })).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Days of the journey' }).getByRole('tab');
  await expect(tabs).toHaveText([/^Day 1 · /, /^Day 2 · /, /^Day 3 · /, 'Complete timeline'], {
    timeout: 20_000,
  });
  await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
  const whole = page.getByRole('region', { name: 'Figures of the journey' });
  await expect(figure(whole, 'Activities')).toHaveText('3');
  await expect(figure(whole, 'Distance')).toHaveText('1.74 km');
  await expect(figure(whole, 'Time')).toHaveText('24:36');
  await expect(
    page.getByRole('list', { name: 'Activities of the journey' }).getByRole('link'),
  ).toHaveCount(3);
  const map = page.getByRole('region', { name: 'Map of the journey' });
  // The map comes right after the day's figures, above the list: seen without scrolling.
  expect(await inFirstScreen(page, map)).toBe(true);
  const dayLabels = await tabs.allInnerTexts();

  const points: number[] = [];
  for (const [index, day] of HIKE.entries()) {
    await chooseDay(page, dayLabels[index] ?? '');
    const figures = page.getByRole('region', { name: 'Figures of the day' });
    await expect(figure(figures, 'Activities')).toHaveText('1');
    await expect(figure(figures, 'Distance')).toHaveText(day.distance);
    await expect(figure(figures, 'Time')).toHaveText(day.time);
    const date = (dayLabels[index] ?? '').split(' · ')[1] ?? '';
    const activities = page.getByRole('list', { name: 'Activities of the day' }).getByRole('link');
    await expect(activities).toHaveCount(1);
    await expect(activities).toContainText(`Hiking${date}`);
    // The map draws that day's track alone.
    const drawn = await drawnPoints(map);
    expect(points).not.toContain(drawn);
    points.push(drawn);
  }
  await chooseDay(page, 'Complete timeline');
  await expect(figure(whole, 'Activities')).toHaveText('3');
  await expect(map).toHaveAttribute('data-drawn', String(points.reduce((a, b) => a + b, 0)));
  // The hike's tracks over the Black Forest: the basemap's land under the speed-coloured tracks.
  await expect
    .poll(
      async () => {
        const pixels = await mapPixels(page, map);
        return pixels.land > 10_000 && pixels.track > 100;
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.getByRole('button', { name: 'Share the journey' }).click();
  const link = page.getByRole('textbox', { name: 'Journey link' });
  await expect(link).toHaveValue(/\/go\/[^/]+$/, { timeout: 15_000 });
  const shortLink = await link.inputValue();

  // A guardian without an account opens the short link in a browser of their own.
  const guardianContext = await browser.newContext();
  const guardian = await guardianContext.newPage();
  await guardian.goto(shortLink);
  await expect(guardian).toHaveURL(/\/share\/journey\//);
  await expect(guardian.getByRole('heading', { level: 1 })).toHaveText('Ingrid Nordvik');
  await expect(guardian).toHaveTitle('Ingrid Nordvik — journey');
  const firstDate = (dayLabels[0] ?? '').split(' · ')[1] ?? '';
  const lastDate = (dayLabels[2] ?? '').split(' · ')[1] ?? '';
  await expect(guardian.getByText(`Journey from ${firstDate} to ${lastDate}`)).toBeVisible();
  const guardianTabs = guardian
    .getByRole('tablist', { name: 'Days of the journey' })
    .getByRole('tab');
  await expect(guardianTabs).toHaveText(dayLabels);
  await expect(guardianTabs.first()).toHaveAttribute('aria-selected', 'true');
  const guardianFigures = guardian.getByRole('region', { name: 'Figures of the day' });
  const guardianMap = guardian.getByRole('region', { name: 'Map of the journey' });
  // Its deck.gl loop runs on demand, and each day's tracks are still drawn when picked.
  await expect(guardianMap).toHaveAttribute('data-frames', 'on-demand');
  expect(await inFirstScreen(guardian, guardianMap)).toBe(true);
  for (const [index, day] of HIKE.entries()) {
    await guardianTabs.nth(index).click();
    await expect(figure(guardianFigures, 'Activities')).toHaveText('1');
    await expect(figure(guardianFigures, 'Distance')).toHaveText(day.distance);
    await expect(guardianMap).toHaveAttribute('data-drawn', String(points[index]), {
      timeout: 30_000,
    });
  }
  await guardianTabs.last().click();
  await expect(figure(guardianFigures, 'Activities')).toHaveText('3');
  await expect(figure(guardianFigures, 'Distance')).toHaveText('1.74 km');
  await guardianContext.close();
});

import { expect, test } from '@playwright/test';
import {
  activityRow,
  figure,
  mapPixels,
  openAllActivities,
  signInDemoMember,
} from './support/demoMember';

/*
 * The member browses the activities (issue 7 acceptance) of the demo member's seeded history
 * (server/demo/demoTracks.ts; a fresh data directory per e2e run, scripts/e2e.mjs). Read only: the
 * Valencia regatta (Sailing, 6 days ago) and the triathlon's first transition; the edits are in
 * activityEdits.spec.ts, on other activities.
 */

test('the member filters the last 7 days by date, opens the regatta, replays it and reads its charts', async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  await page.goto('/member/activities');
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'Last 7 days' });
  await page.getByRole('radio', { name: 'Date' }).check();
  // One section per day, newest first; nothing older than 7 days (the 9-day-old swim, the hike).
  const days = page.getByRole('region', { name: /^\d{4}-\d{2}-\d{2}$/ });
  const sailing = activityRow(page, 'Sailing', '31:57');
  await expect(sailing).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Hiking', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Swimming', { exact: true })).toHaveCount(0);
  const dayNames = await days.evaluateAll((sections) =>
    sections.map((s) => s.getAttribute('aria-label') ?? ''),
  );
  expect(dayNames.length).toBeGreaterThanOrEqual(3);
  expect([...new Set(dayNames)].sort().reverse()).toEqual(dayNames);
  await expect(page.getByRole('heading', { level: 2, name: /^Week of / }).first()).toBeVisible();
  const sailingDay = days.filter({ has: sailing });
  await expect(sailingDay.getByRole('heading', { level: 3 })).toHaveText(
    (await sailingDay.getAttribute('aria-label')) ?? '',
  );

  await sailing.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sailing' })).toBeVisible();
  await expect(figure(page, 'Duration')).toHaveText('31:57');
  await expect(figure(page, 'Distance')).toHaveText('4.60 km');

  // The track drawn in its speed colours over the offline basemap off Valencia.
  const map = page.getByRole('region', { name: 'Map of the activity' });
  await expect(map.getByText('© OpenStreetMap contributors')).toBeAttached({ timeout: 30_000 });
  await expect
    .poll(
      async () => {
        const pixels = await mapPixels(page, map);
        return pixels.sea > 10_000 && pixels.track > 1_000 && pixels.replay === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  // At rest the map draws on demand (no 60 Hz loop while nobody plays or scrubs), and the trail,
  // drawn from the first frame so its shader is ready for Play, shows nothing (replay pixels 0).
  await expect(map).toHaveAttribute('data-frames', 'on-demand');

  // Play: the replay's clock runs and its orange trail is drawn over the track.
  const replay = page.getByRole('group', { name: 'Replay' });
  const clock = replay.getByRole('status');
  const slider = replay.getByRole('slider', { name: 'Replay time' });
  const startText = await clock.innerText();
  await expect(slider).toHaveValue('0');
  // 10× real time: the 32-minute race lasts over 3 minutes, so it is still playing when paused.
  await replay.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '10×' });
  await replay.getByRole('button', { name: 'Play' }).click();
  await expect(clock).not.toHaveText(startText, { timeout: 10_000 });
  await replay.getByRole('button', { name: 'Pause' }).click();
  await expect(replay.getByRole('button', { name: 'Play' })).toBeVisible();
  const paused = await clock.innerText();
  expect(Number(await slider.inputValue())).toBeGreaterThan(0);
  await expect
    .poll(async () => (await mapPixels(page, map)).replay, { timeout: 15_000 })
    .toBeGreaterThan(0);
  const trailPaused = (await mapPixels(page, map)).replay;
  // Scrub with the slider: to the end (the trail covers the whole track), then back to the start.
  await slider.press('End');
  await expect(clock).not.toHaveText(paused);
  await expect
    .poll(async () => (await mapPixels(page, map)).replay, { timeout: 15_000 })
    .toBeGreaterThan(trailPaused + 1_000);
  await expect(clock).toHaveText((await slider.getAttribute('aria-valuetext')) ?? '');
  await expect(slider).toHaveValue((await slider.getAttribute('max')) ?? '');
  const endText = await clock.innerText();
  await slider.press('Home');
  await expect(clock).toHaveText(startText);
  for (let i = 0; i < 5; i += 1) await slider.press('PageUp');
  await expect(clock).not.toHaveText(startText);
  const scrubbed = await clock.innerText();
  // The course is a kilometre off the beach, just outside the fitted view: one step out shows the
  // basemap's coastline, the land beside the sea the track is drawn over.
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await expect
    .poll(
      async () => {
        const pixels = await mapPixels(page, map);
        return pixels.sea > 10_000 && pixels.land > 10_000 && pixels.track + pixels.replay > 500;
      },
      { timeout: 15_000 },
    )
    .toBe(true);

  // The Data tab's charts mark where the replay rests, move with the cursor and seek the replay.
  await page.getByRole('tab', { name: 'Data' }).click();
  const charts = page.getByRole('figure');
  await expect(charts).toHaveCount(3, { timeout: 20_000 });
  await expect(charts.nth(0)).toHaveAccessibleName('Speed over time');
  await expect(charts.nth(1)).toHaveAccessibleName('Altitude over time');
  await expect(charts.nth(2)).toHaveAccessibleName('Heart rate over time');
  const dataSlider = page.getByRole('slider', { name: 'Replay time' });
  await expect(dataSlider).toHaveAttribute('aria-valuetext', scrubbed);
  const markers = page.locator('.ll-chart-replay');
  const markerLefts = () =>
    markers.evaluateAll((all) => all.map((m) => (m as HTMLElement).style.left));
  // A marker is drawn inside its plot, or not at all (a chart spans its own readings: the
  // regatta's altitudes end minutes before its track).
  const markersOffPlot = () =>
    markers.evaluateAll((all) =>
      all.filter((m) => {
        const marker = m as HTMLElement;
        const left = parseFloat(marker.style.left);
        const width = marker.parentElement?.clientWidth ?? 0;
        return !marker.hidden && !(left >= 0 && left <= width);
      }),
    );
  await expect(markers).toHaveCount(3);
  for (const marker of await markers.all()) await expect(marker).toBeVisible();
  const atScrub = await markerLefts();
  await dataSlider.press('End');
  await expect(dataSlider).toHaveAttribute('aria-valuetext', endText);
  await expect.poll(markerLefts).not.toEqual(atScrub);
  expect(await markersOffPlot()).toHaveLength(0);

  const legendTimes = page.locator('.u-legend tr:first-child .u-value');
  await expect(legendTimes).toHaveText(['–', '–', '–']);
  const plot = charts.nth(0).locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('The speed chart has no plot');
  const at = (fraction: number) => ({
    position: { x: box.width * fraction, y: box.height / 2 },
  });
  await plot.hover(at(0.3));
  await expect(legendTimes).toHaveText([
    /^\d\d:\d\d:\d\d$/,
    /^\d\d:\d\d:\d\d$/,
    /^\d\d:\d\d:\d\d$/,
  ]);
  const hovered = await legendTimes.allInnerTexts();
  await plot.hover(at(0.7));
  for (let i = 0; i < 3; i += 1) await expect(legendTimes.nth(i)).not.toHaveText(hovered[i] ?? '');
  // A press on a chart seeks the replay there; the map's replay continues from that time.
  await plot.click(at(0.5));
  await expect(dataSlider).not.toHaveAttribute('aria-valuetext', endText);
  const seeked = (await dataSlider.getAttribute('aria-valuetext')) ?? '';
  await page.getByRole('tab', { name: 'Map' }).click();
  await expect(clock).toHaveText(seeked);
});

test('switching units and language changes every figure of the list, the activity, its charts and the journey', async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  await openAllActivities(page);
  const sailing = activityRow(page, 'Sailing', '31:57');
  const transition = activityRow(page, 'Other', '2:49');
  await expect(sailing).toContainText('4.60 km');
  // The top speed is held over five speeds (docs/decisions.md "ActivityStats"), not one GPS glitch's.
  await expect(sailing).toContainText('avg 8.6 km/h · top 13.2 km/h');
  await expect(transition).toContainText('140 m');

  await page.getByRole('combobox', { name: 'Units' }).selectOption({ label: 'Imperial' });
  // 4.60 km ≈ 2.86 mi, 8.6 km/h ≈ 5.3 mph, 13.2 km/h ≈ 8.2 mph, 140 m ≈ 459 ft.
  await expect(sailing).toContainText(/2\.8[5-7] mi/);
  await expect(sailing).toContainText(/avg 5\.[2-4] mph · top 8\.[1-3] mph/);
  await expect(transition).toContainText(/(45[5-9]|46[0-3]) ft/);
  await expect(page.getByText(/ km\b|km\/h/)).toHaveCount(0);

  await sailing.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sailing' })).toBeVisible();
  await expect(figure(page, 'Distance')).toHaveText(/^2\.8[5-7] mi$/);
  await expect(figure(page, 'Average speed')).toHaveText(/^5\.[2-4] mph$/);
  await expect(figure(page, 'Top speed')).toHaveText(/^8\.[1-3] mph$/);
  await page.getByRole('tab', { name: 'Data' }).click();
  const charts = page.getByRole('figure');
  await expect(charts).toHaveCount(3, { timeout: 20_000 });
  const legendValues = page.locator('.u-legend tr:nth-child(2) .u-value');
  const plot = charts.first().locator('.u-over');
  const box = await plot.boundingBox();
  if (!box) throw new Error('The speed chart has no plot');
  await plot.hover({ position: { x: box.width * 0.7, y: box.height / 2 } });
  await expect(legendValues).toHaveText([/^\d+\.\d mph$/, /^-?[\d,]+ ft$/, /^\d+ bpm$/]);

  // German: the labels are German and the numbers take its decimal comma.
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'Deutsch' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('tab', { name: 'Daten' })).toBeVisible();
  await expect(figure(page, 'Distanz')).toHaveText(/^2,8[5-7] mi$/);
  await expect(figure(page, 'Durchschnittsgeschwindigkeit')).toHaveText(/^5,[2-4] mph$/);
  // German's long words break inside their column rather than run into the next figure.
  const overflowing = await page
    .locator('.ll-activity-figures dt')
    .evaluateAll((labels) =>
      labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
    );
  expect(overflowing).toEqual([]);
  await plot.hover({ position: { x: box.width * 0.6, y: box.height / 2 } });
  await expect(legendValues.first()).toHaveText(/^\d+,\d mph$/);

  await page.goto('/member/share-journey');
  const journey = page.getByRole('region', { name: 'Kennzahlen der Reise' });
  // The hike's 1.74 km ≈ 1.08 mi.
  await expect(figure(journey, 'Distanz')).toHaveText(/^1,0[7-9] mi$/, { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});

test('a paddle shows the kayak it was recorded with; a run, with nothing in use, has no Equipment tab', async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  /** Opens the newest activity of `type` from the whole list. */
  const openNewest = async (type: string) => {
    await openAllActivities(page);
    await page
      .getByRole('link')
      .filter({ has: page.getByText(type, { exact: true }) })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1, name: type })).toBeVisible();
  };
  // The demo member's sea kayak is in use for kayaking (server/demo/demoAccount.ts).
  await openNewest('Kayaking');
  await page.getByRole('tab', { name: 'Equipment' }).click();
  const kayak = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Sea kayak' });
  await expect(figure(kayak, 'Vessel type')).toHaveText('Kayak');
  await expect(figure(kayak, 'Colour')).toHaveText('Yellow');

  await openNewest('Running');
  await expect(page.getByRole('tab', { name: 'Map' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Equipment' })).toHaveCount(0);
});

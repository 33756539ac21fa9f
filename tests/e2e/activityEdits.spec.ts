import { expect, test } from '@playwright/test';
import {
  activityRow,
  detailReload,
  durationSeconds,
  figure,
  openAllActivities,
  shownActivityId,
  signInDemoMember,
} from './support/demoMember';

/*
 * The member edits activities (issue 7 acceptance; spec §4: an edit, a trim or splits update at once
 * and reload about 6 s later, a delete reloads after 1 s). All e2e specs share one server and the
 * demo member's history, so each test edits a closed activity of its own — never the live demo
 * activity share.spec.ts and monitor.spec.ts watch, nor the regatta, the hike or the transition
 * activities.spec.ts and journey.spec.ts read:
 * - trimmed: the triathlon's run (Running, 47:30);
 * - splits: the Zürich ride (Cycling, 7:43);
 * - type changed: the triathlon's second transition (Other, 0:59);
 * - deleted: the multisport's 3-second transition (Other, 0:03).
 * Each e2e run starts on a fresh data directory (scripts/e2e.mjs), so every run finds them unedited.
 */

test('trimming an activity changes its figures once it reloads, and the trim is kept', async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  await openAllActivities(page);
  await activityRow(page, 'Running', '47:30').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Running' })).toBeVisible();
  const id = shownActivityId(page);
  const duration = figure(page, 'Duration');
  const distance = figure(page, 'Distance');
  await expect(duration).toHaveText('47:30');
  const distanceBefore = await distance.innerText();

  // The spec's trim route: the same page, opened on its trim.
  await page.goto(`/member/activity/trim/${String(id)}`);
  const edit = page.getByRole('region', { name: 'Edit the activity' });
  await expect(edit.getByRole('spinbutton', { name: 'Minutes off the start' })).toBeFocused();
  await expect(duration).toHaveText('47:30');
  await edit.getByRole('spinbutton', { name: 'Minutes off the start' }).fill('10');
  await edit.getByRole('spinbutton', { name: 'Minutes off the end' }).fill('5');
  await expect(edit.getByRole('status')).toHaveText(/\(32:30\)$/);
  const reloaded = detailReload(page, id);
  await edit.getByRole('button', { name: 'Trim' }).click();
  await expect(page).toHaveURL(new RegExp(`/member/activity/${String(id)}$`));
  // The server recomputes the figures; the page shows them with the reload about 6 s later.
  await reloaded;
  await expect(duration).not.toHaveText('47:30', { timeout: 10_000 });
  const trimmed = await duration.innerText();
  expect(durationSeconds(trimmed)).toBeLessThanOrEqual(32 * 60 + 30);
  expect(durationSeconds(trimmed)).toBeGreaterThan(31 * 60);
  await expect(distance).not.toHaveText(distanceBefore);
  expect(parseFloat(await distance.innerText())).toBeLessThan(parseFloat(distanceBefore));

  await page.reload();
  await expect(duration).toHaveText(trimmed, { timeout: 15_000 });
  await openAllActivities(page);
  await expect(activityRow(page, 'Running', trimmed)).toBeVisible();
  await expect(activityRow(page, 'Running', '47:30')).toHaveCount(0);
});

test('splits saved on an activity are listed and kept', async ({ page, request }) => {
  await signInDemoMember(page, request);
  await openAllActivities(page);
  await activityRow(page, 'Cycling', '7:43').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cycling' })).toBeVisible();
  const id = shownActivityId(page);
  await page.getByRole('tab', { name: 'Splits' }).click();
  const splits = page.getByRole('region', { name: 'Splits' });
  await expect(splits.getByText('Choose how to split this activity')).toBeVisible();
  await splits.getByRole('combobox', { name: 'Split by' }).selectOption({ label: 'Distance (km)' });
  await splits.getByRole('textbox', { name: 'Every (km)' }).fill('0.5');
  const reloaded = detailReload(page, id);
  await splits.getByRole('button', { name: 'Save splits' }).click();
  const table = splits.getByRole('table', { name: 'Splits every 0.5 km' });
  await expect(table).toBeVisible();
  // 1.37 km: two splits of 0.5 km and the rest.
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(/^0\.5\d km$|^5\d\d m$/);
  await reloaded;
  await expect(table).toBeVisible();

  await page.reload();
  await page.getByRole('tab', { name: 'Splits' }).click();
  await expect(
    page.getByRole('table', { name: 'Splits every 0.5 km' }).getByRole('row'),
  ).toHaveCount(4);
});

test('changing an activity’s type is shown at once and kept after the reload', async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  await openAllActivities(page);
  await activityRow(page, 'Other', '0:59').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Other' })).toBeVisible();
  const id = shownActivityId(page);
  await page.locator('summary', { hasText: 'Edit the activity' }).click();
  const edit = page.getByRole('region', { name: 'Edit the activity' });
  await edit.getByRole('combobox', { name: 'Activity type' }).selectOption({ label: 'Walking' });
  const reloaded = detailReload(page, id);
  await edit.getByRole('button', { name: 'Change type' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Walking' })).toBeVisible();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1, name: 'Walking' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Walking' })).toBeVisible({
    timeout: 15_000,
  });
  await openAllActivities(page);
  await expect(activityRow(page, 'Walking', '0:59')).toBeVisible();
  await expect(activityRow(page, 'Other', '0:59')).toHaveCount(0);
});

test('a deleted activity leaves the list, stays gone after the reload 1 s later and no longer opens', async ({
  page,
  request,
}) => {
  await signInDemoMember(page, request);
  await openAllActivities(page);
  await activityRow(page, 'Other', '0:03').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Other' })).toBeVisible();
  const url = page.url();
  await page.locator('summary', { hasText: 'Edit the activity' }).click();
  const edit = page.getByRole('region', { name: 'Edit the activity' });
  await edit.getByRole('button', { name: 'Delete the activity' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Delete this activity? This cannot be undone.',
  });
  const listReload = page.waitForResponse(
    (r) => r.url().endsWith('/member-wearer-activity-summaries'),
    { timeout: 15_000 },
  );
  await confirm.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/member\/activities$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  const row = activityRow(page, 'Other', '0:03');
  await expect(row).toHaveCount(0);
  // The list reloads from the server a second after the delete: the activity stays gone.
  await listReload;
  await page.getByRole('combobox', { name: 'Show' }).selectOption({ label: 'All time' });
  await expect(activityRow(page, 'Kayaking', '3:15:40')).toBeVisible();
  await expect(row).toHaveCount(0);
  // And the server has no such activity any more: a fresh load of the list lacks it too.
  await openAllActivities(page);
  await expect(activityRow(page, 'Kayaking', '3:15:40')).toBeVisible({ timeout: 15_000 });
  await expect(row).toHaveCount(0);

  await page.goto(url);
  // The detail answers no activity (its page says it could not be loaded: see the report).
  await expect(page.getByRole('alert')).toHaveText(
    /^(There is no such activity\.|The activity could not be loaded\.\s*Try again)$/,
    { timeout: 15_000 },
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Other' })).toHaveCount(0);
});

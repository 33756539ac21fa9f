import { expect, test, type Browser, type Page } from '@playwright/test';
import { memberWithDevice, shareLiveActivity } from './support/liveMember';
import { startSimulator, stopSimulator } from './support/simulator';

/*
 * Issue 8 item 4 and its acceptance: guardians without an account act on an alert. A new member's
 * watch (the simulator replaying a real run) presses SOS; the member shares the live activity; one
 * guardian notes the assistance request and resolves it with a 30-minute pause, and a second
 * guardian's view and the member's own page change at once (app §4 "Alert close states"); the
 * member's page lists who the SOS told (docs/activities.md "Contacts").
 */

/** A guardian's fresh context on `link`, named `name` (notes and resolving need a viewer's name). */
async function guardianOn(browser: Browser, link: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Your name' }).fill(name);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`You are shown as ${name}.`)).toBeVisible();
  return page;
}

test('a guardian notes and resolves an SOS with a 30-minute pause; the other guardian and the member see it at once', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { page: member, device } = await memberWithDevice(browser, 'Sigrid', {
    code: 'SILVER_SHIELD',
    label: 'Silver Shield',
  });
  // The watch presses SOS with the run's first fix: the activity opens with its alert.
  const simulator = startSimulator(String(baseURL), device.IngestKey, 'run-washington-dc-hr.gpx', {
    sosAt: 0,
  });
  try {
    const link = await shareLiveActivity(member);
    const kari = await guardianOn(browser, link, 'Kari');
    const lars = await guardianOn(browser, link, 'Lars');
    for (const guardian of [kari, lars]) {
      const banner = guardian.getByRole('alert').filter({ hasText: 'Assistance request' });
      await expect(banner).toBeVisible({ timeout: 60_000 });
      await expect(banner).toContainText('The emergency contacts were notified.');
    }

    await kari.getByRole('textbox', { name: 'Note', exact: true }).fill('Calling her now');
    await kari.getByRole('button', { name: 'Add note' }).click();
    await expect(kari.getByText('Note added.')).toBeVisible();
    // The note reaches the other guardian live, with who wrote it.
    await expect(lars.getByText('Calling her now')).toBeVisible({ timeout: 10_000 });
    await expect(lars.getByText(/^Kari · /)).toBeVisible();

    const resolve = kari.getByRole('form', { name: 'Resolve the alert' });
    await resolve
      .getByRole('textbox', { name: 'What happened' })
      .fill('She is fine, a false alarm');
    await resolve
      .getByRole('group', { name: "Pause all the wearer's alerts" })
      .getByRole('radio', { name: 'For 30 minutes' })
      .check();
    await resolve.getByRole('button', { name: 'Resolve alert' }).click();
    await expect(kari.getByText('The alert was resolved.')).toBeVisible();

    // The second guardian: the banner goes, the history says who closed it, why, and the pause.
    await expect(lars.getByRole('alert').filter({ hasText: 'Assistance request' })).toHaveCount(0, {
      timeout: 10_000,
    });
    // The activity's status follows at once, not with the watch's next report.
    await expect(lars.locator('.ll-share-status')).toHaveText('Resolved');
    const history = lars.getByRole('region', { name: 'Earlier alerts' });
    await expect(history).toContainText('Closed by user: Kari (guardian)');
    await expect(history).toContainText('She is fine, a false alarm');
    await expect(history).toContainText("The wearer's alerts paused until");

    // The member's own page: the Timeline tab lists the note and the closing with who did both.
    await member.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = member.getByRole('tabpanel');
    await expect(timeline.getByText('Kari: Calling her now')).toBeVisible({ timeout: 15_000 });
    await expect(
      timeline.getByRole('listitem').filter({ hasText: 'Closed by user: Kari (guardian)' }),
    ).toContainText('She is fine, a false alarm', { timeout: 15_000 });

    // The Contacts tab: the SOS told the member's contact Ola. This server has no e-mail or SMS
    // provider (development), so the messages wait in its outbox.
    await member.getByRole('tab', { name: 'Contacts' }).click();
    const sos = member
      .getByRole('tabpanel')
      .getByRole('region', { name: /^Assistance request · / });
    await expect(
      sos
        .getByRole('listitem')
        .filter({ hasText: /^Ola Text message to \+\d+ · Waiting to be sent$/ }),
    ).toBeVisible();
  } finally {
    await stopSimulator(simulator);
    await Promise.all(browser.contexts().map((context) => context.close()));
  }
});

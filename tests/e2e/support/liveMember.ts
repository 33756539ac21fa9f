import { expect, type Browser, type Page } from '@playwright/test';
import { registerMember, uniqueEmail, uniquePhone } from './accounts';
import { activatableDevice, type ActivatableDevice } from './demoDevices';

/**
 * A new member named `firstName` in a fresh context, registered to the dashboard, with the dev
 * demo's unassigned device of `deviceType` activated; returns the page and that device.
 */
export async function memberWithDevice(
  browser: Browser,
  firstName: string,
  deviceType: { readonly code: string; readonly label: string },
): Promise<{ page: Page; device: ActivatableDevice }> {
  const page = await (await browser.newContext()).newPage();
  await registerMember(page, {
    email: uniqueEmail(firstName.toLowerCase()),
    password: 'Fjord#Paddle7',
    firstName,
    phone: uniquePhone(),
  });
  const device = await activatableDevice(page, deviceType.code);
  await page.goto('/member/activate-device');
  await page.getByLabel('IMEI').fill(device.Imei);
  await page.getByLabel('Activation code').fill(device.Code);
  await page.getByLabel('Nickname').fill(`${firstName} tracker`);
  await page.getByLabel('Device type').selectOption({ label: deviceType.label });
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page).toHaveURL(/\/member\/devices$/, { timeout: 10_000 });
  return { page, device };
}

/** The member's live activity (the only one) opened from the list, shared: the share link. */
export async function shareLiveActivity(page: Page): Promise<string> {
  await page.goto('/member/activities');
  const row = page.locator('a[href^="/member/activity/"]').first();
  // The activity exists once the simulator's first fix arrived: reload until the list shows it. Each
  // reload restores the session and loads the page's chunks first (seconds on a loaded CI machine).
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await row.click();
  await page.locator('summary', { hasText: 'Share links' }).click();
  await page.getByRole('button', { name: 'Create a share link' }).click();
  const link = await page.getByLabel('Share link', { exact: true }).inputValue();
  expect(link).toMatch(/\/share\/activity\//);
  return link;
}

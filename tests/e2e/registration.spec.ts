import { expect, test, type Page } from '@playwright/test';
import {
  acceptTerms,
  addCompleteContact,
  registerMember,
  signUpWithVerifiedPhone,
  uniqueEmail,
  uniquePhone,
} from './support/accounts';
import { activatableDevice, type ActivatableDevice } from './support/demoDevices';

// These tests activate devices of the shared demo registry: run them one after another.
test.describe.configure({ mode: 'serial' });

async function activate(page: Page, device: ActivatableDevice, typeLabel: string) {
  await page.getByLabel('IMEI').fill(device.Imei);
  await page.getByLabel('Activation code').fill(device.Code);
  await page.getByLabel('Nickname').fill('My watch');
  await page.getByLabel('Device type').selectOption({ label: typeLabel });
  await page.getByRole('button', { name: 'Activate' }).click();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a new member goes through every registration step to the dashboard, and back there after login', async ({
  page,
}) => {
  const account = {
    email: uniqueEmail('ragna'),
    password: 'Fjord#Paddle7',
    firstName: 'Ragna',
    phone: uniquePhone(),
  };
  await signUpWithVerifiedPhone(page, account);
  await page.getByRole('link', { name: 'Continue' }).click();

  // EULA of the sign-up order.
  await expect(page).toHaveURL(/\/auth\/registration-eula$/);
  await acceptTerms(page);

  // Contacts: the list rules hold before anything is sent.
  await expect(page).toHaveURL(/\/auth\/registration-contacts$/);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ola');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0047 912 34 567');
  await page.getByLabel('Receives my emergency alerts').uncheck();
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Select at least one contact for emergency alerts')).toBeVisible();
  await page.getByLabel('Receives my emergency alerts').check();
  await addCompleteContact(page, 'Save and continue');

  // Device activation: a wrong code is refused with its translated text, then the right one works.
  await expect(page).toHaveURL(/\/auth\/registration-activate-device$/);
  const device = await activatableDevice(page, 'MSAFETY');
  await activate(
    page,
    { ...device, Code: device.Code === '000000' ? '111111' : '000000' },
    'mSafety watch',
  );
  await expect(page.getByRole('alert').filter({ hasText: /code/i })).toBeVisible();
  await activate(page, device, 'mSafety watch');

  // Equipment: one kayak in use for kayaking.
  await expect(page).toHaveURL(/\/auth\/registration-equipment$/, { timeout: 10_000 });
  await page.getByRole('link', { name: 'Add equipment' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Sea kayak');
  await page.getByLabel('Type', { exact: true }).selectOption('VESSEL');
  await page.getByLabel('Kayaking').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sea kayak')).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();

  // Favourite activity types, then the dashboard with the welcome.
  await expect(page).toHaveURL(/\/auth\/registration-activity-types$/);
  await page.getByRole('button', { name: 'Save and finish' }).click();
  await expect(page.getByText('Select at least 1 activity type')).toBeVisible();
  await page.getByLabel('Kayaking').check();
  await page.getByRole('button', { name: 'Save and finish' }).click();
  await expect(page).toHaveURL(/\/member\?registrationComplete=true$/);
  await expect(page.getByText(/Your registration is complete/)).toBeVisible();
  await expect(page.getByText('No device yet')).toHaveCount(0);

  // The device is on the devices page.
  await page.goto('/member/devices');
  await expect(page.getByText('My watch')).toBeVisible();
  await expect(page.getByText(device.Imei)).toBeVisible();

  // No activity yet: the list says how one gets there (member-wearer-has-historic-activity).
  await page.goto('/member/activities');
  await expect(
    page.getByText('You have not recorded an activity yet. Start one on your watch or phone app'),
  ).toBeVisible();

  // Log out and in again: straight to the dashboard, no registration step in between.
  await page.goto('/auth/logout');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/member$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Hello Ragna' })).toBeVisible();
});

test('a member without complete contacts is sent to login-contacts, then to the route asked for', async ({
  page,
}) => {
  const account = {
    email: uniqueEmail('sigrid'),
    password: 'Fjord#Paddle7',
    firstName: 'Sigrid',
    phone: uniquePhone(),
  };
  await signUpWithVerifiedPhone(page, account);
  await page.getByRole('link', { name: 'Continue' }).click();
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/auth\/registration-contacts$/);

  // Leaving the sign-up order here: the member area asks for contacts first (gating step 5).
  await page.goto('/member/devices');
  await expect(page).toHaveURL(/\/auth\/login-contacts\?returnTo=%2Fmember%2Fdevices$/);
  await expect(
    page.getByText(/Add an emergency contact for assistance requests and one for emergency alerts/),
  ).toBeVisible();
  await addCompleteContact(page, 'Save');
  await expect(page).toHaveURL(/\/member\/devices$/);
});

test('the same device activated from a second account answers DEVICE_TAKEN', async ({
  browser,
}) => {
  // Two browser contexts: two members signed in side by side, each with its own storage.
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await registerMember(first, {
    email: uniqueEmail('ask'),
    password: 'Fjord#Paddle7',
    firstName: 'Ask',
    phone: uniquePhone(),
  });
  await registerMember(second, {
    email: uniqueEmail('embla'),
    password: 'Fjord#Paddle7',
    firstName: 'Embla',
    phone: uniquePhone(),
  });
  const device = await activatableDevice(first, 'SMARTPHONE_APP');

  await first.goto('/member/activate-device');
  await activate(first, device, 'Smartphone app');
  await expect(first).toHaveURL(/\/member\/devices$/, { timeout: 10_000 });
  // A phone-app device shows its ingest key to its owner, for a tracker app.
  await expect(first.getByText(/ingest\/osmand/)).toBeVisible();

  await second.goto('/member/activate-device');
  await activate(second, device, 'Smartphone app');
  await expect(second.getByRole('alert').filter({ hasText: /another user/i })).toBeVisible();
  await expect(second).toHaveURL(/\/member\/activate-device$/);
});

test('a member whose terms are older than the current documents accepts them again, then goes on', async ({
  page,
}) => {
  const account = {
    email: uniqueEmail('tora'),
    password: 'Fjord#Paddle7',
    firstName: 'Tora',
    phone: uniquePhone(),
  };
  await registerMember(page, account);
  // The member accepted the terms long before the current documents took effect (2026-11-01):
  // record that through the member host, as an account from before the last terms change would be.
  const answer = await page.evaluate(async () => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    const response = await fetch('/authapi/member/set-terms', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${key ? localStorage.getItem(key) : ''}`,
      },
      body: JSON.stringify({ TermsAcceptedTimestamp: Date.UTC(2025, 0, 1), SpamMeTimestamp: -1 }),
    });
    return response.status;
  });
  expect(answer).toBe(200);

  await page.goto('/member/equipment');
  await expect(page).toHaveURL(/\/auth\/login-eula\?updated=1&returnTo=%2Fmember%2Fequipment$/);
  await expect(page.getByText(/terms .*updated|updated .*terms/i)).toBeVisible();
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/member\/equipment$/);

  // The member area's own page of the terms (/member/eula) shows the new acceptance, not the old one.
  await page.goto('/member/eula');
  await expect(page.getByRole('heading', { name: 'Licence agreement' })).toBeVisible();
  const accepted = page.getByText(/^You accepted these terms on \d{4}-\d{2}-\d{2}\./);
  await expect(accepted).toBeVisible();
  await expect(accepted).not.toContainText('2025-01-01');
  await expect(page.getByRole('article', { name: 'End User Licence Agreement' })).not.toHaveText(
    'Loading…',
  );
});

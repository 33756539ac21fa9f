import { expect, type Page } from '@playwright/test';

/** A fresh address per test run, so reruns against a kept data directory do not collide. */
export function uniqueEmail(prefix = 'dana'): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A fresh Norwegian mobile number per call. */
export function uniquePhone(): string {
  return `+4790${String(Date.now()).slice(-5)}${Math.floor(Math.random() * 10)}`;
}

/** The newest one-time code sent to `to` (an address or a phone), read from the dev outbox page. */
export async function readCode(page: Page, to: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`/dev/outbox?to=${encodeURIComponent(to)}`);
  const code = (await outbox.getByTestId('outbox-code').first().textContent()) ?? '';
  await outbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

/**
 * Sign-up order up to a verified phone (spec §4): create account → e-mail code → automatic sign-in →
 * phone code. Ends on verify-phone-number with the phone verified and its Continue link shown.
 */
export async function signUpWithVerifiedPhone(
  page: Page,
  account: { email: string; password: string; firstName: string; phone: string },
): Promise<void> {
  await page.goto('/auth/create-account');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill('Nordmann');
  await page.getByLabel('Country').selectOption('NO');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Repeat the password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify-email-address$/);
  await page.getByLabel('Code').fill(await readCode(page, account.email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Signed in as ${account.firstName}`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/auth\/verify-phone-number\?registration=1$/);
  await page.getByLabel('Mobile phone number').fill(account.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await readCode(page, account.phone));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(`Your phone ${account.phone} is verified.`)).toBeVisible();
}

/** Accepts the licence agreement on the page shown (login-eula or registration-eula). */
export async function acceptTerms(page: Page): Promise<void> {
  await expect(page.getByRole('article', { name: 'End User Licence Agreement' })).toContainText(
    'Lifeline End User Licence Agreement',
  );
  await page.getByLabel(/I have read and accept/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Fills the contacts editor with one contact who gets assistance requests and emergency alerts (with
 * the wearer's confirmation of consent), then presses `saveLabel`.
 */
export async function addCompleteContact(page: Page, saveLabel: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ola');
  await page.getByRole('textbox', { name: 'Relationship' }).fill('Brother');
  await page.getByRole('textbox', { name: 'Phone number' }).fill('0047 912 34 567');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('ola@example.com');
  await page.getByLabel('I confirm that Ola agrees to this').check();
  await page.getByRole('button', { name: saveLabel }).click();
}

/**
 * A member through the whole sign-up order to the dashboard, skipping the device, the equipment
 * and choosing Kayaking as the favourite activity type.
 */
export async function registerMember(
  page: Page,
  account: { email: string; password: string; firstName: string; phone: string },
): Promise<void> {
  await signUpWithVerifiedPhone(page, account);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/registration-eula$/);
  await acceptTerms(page);
  await expect(page).toHaveURL(/\/auth\/registration-contacts$/);
  await addCompleteContact(page, 'Save and continue');
  await expect(page).toHaveURL(/\/auth\/registration-activate-device$/);
  await page.getByRole('link', { name: 'Skip for now' }).click();
  await expect(page).toHaveURL(/\/auth\/registration-equipment$/);
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/auth\/registration-activity-types$/);
  await page.getByLabel('Kayaking').check();
  await page.getByRole('button', { name: 'Save and finish' }).click();
  await expect(page).toHaveURL(/\/member\?registrationComplete=true$/);
}

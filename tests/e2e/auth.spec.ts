import { expect, test, type Page } from '@playwright/test';

/** A fresh address per test run, so reruns against a kept data directory do not collide. */
function uniqueEmail(): string {
  return `dana.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

async function readCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  await outbox.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  const code = (await outbox.getByTestId('outbox-code').first().textContent()) ?? '';
  await outbox.close();
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test('create an account, verify the e-mail from the dev outbox, sign in and out', async ({
  page,
}) => {
  const email = uniqueEmail();
  const password = 'Fjord#Paddle7';
  await page.goto('/auth/create-account');
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Berg');
  await page.getByLabel('Country').selectOption('NO');
  await page.getByLabel('Region or state').fill('Rogaland');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/auth\/verify-email-address$/);
  await expect(page.getByText(`We sent a 6-digit code to ${email}`)).toBeVisible();
  await page.getByLabel('Code').fill(await readCode(page, email));
  await page.getByRole('button', { name: 'Verify' }).click();

  // The sign-up order signs the new member in automatically and asks for the phone next.
  await expect(page.getByText('Signed in as Dana')).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/auth\/verify-phone-number$/);
  await page.getByLabel('Mobile phone number').fill('0047 912 34 567');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('We texted a code to +4791234567.')).toBeVisible();
  await page.getByLabel('Code').fill(await readCode(page, '+4791234567'));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your phone +4791234567 is verified.')).toBeVisible();

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // A wrong password shows the translated error with the forgot-password action.
  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('Wrong#Password1');
  await page.getByRole('button', { name: 'Log in' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'The e-mail or password is wrong.' });
  await expect(error).toBeVisible();
  await expect(error.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/auth/forgot-password',
  );

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Signed in as Dana')).toBeVisible({ timeout: 15_000 });
});

test('the form explains each invalid field in words', async ({ page }) => {
  await page.goto('/auth/create-account');
  await page.getByLabel('First name').fill('D4na');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Only letters are allowed')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText(/Password not complex enough/)).toBeVisible();
  await expect(page.getByText('Required').first()).toBeVisible();
});

test('an unknown account offers to create one', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(uniqueEmail());
  await page.getByLabel('Password').fill('Whatever#123');
  await page.getByRole('button', { name: 'Log in' }).click();
  const error = page
    .getByRole('alert')
    .filter({ hasText: 'There is no account with this e-mail.' });
  await expect(error.getByRole('link', { name: 'Create an account' })).toBeVisible();
});

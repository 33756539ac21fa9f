import { expect, test, type Page } from '@playwright/test';
import { readCode, registerMember, uniqueEmail, uniquePhone } from './support/accounts';

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
  await expect(page).toHaveURL(/\/auth\/verify-phone-number\?registration=1$/);
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

/** Registers a member through the whole sign-up order (tests/e2e/support/accounts.ts). */
async function createAccount(page: Page, email: string, password: string): Promise<void> {
  await registerMember(page, { email, password, firstName: 'Kari', phone: uniquePhone() });
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Signed in as Kari')).toBeVisible({ timeout: 15_000 });
}

test('change the password and the e-mail, then reset a forgotten password', async ({ page }) => {
  const email = uniqueEmail();
  const newEmail = uniqueEmail();
  await createAccount(page, email, 'First#Pass123');

  await page.goto('/member/password');
  await page.getByLabel('Current password').fill('Wrong#Pass123');
  await page.getByLabel('New password').fill('Second#Pass123');
  await page.getByLabel('Repeat the password').fill('Second#Pass123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your current password is wrong.' }),
  ).toBeVisible();
  await page.getByLabel('Current password').fill('First#Pass123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.goto('/member/email');
  await page.getByLabel('New e-mail', { exact: true }).fill(newEmail);
  await page.getByLabel('Repeat the new e-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await readCode(page, newEmail));
  await page.getByRole('button', { name: 'Change e-mail' }).click();
  await expect(page.getByText(`Your e-mail is now ${newEmail}.`)).toBeVisible({ timeout: 15_000 });

  await page.goto('/auth/logout');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await logIn(page, newEmail, 'Second#Pass123');
  await page.goto('/auth/logout');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();

  await page.goto('/auth/forgot-password');
  await page.getByLabel('E-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code').fill(await readCode(page, newEmail));
  await page.getByLabel('New password').fill('Third#Pass123');
  await page.getByLabel('Repeat the password').fill('Third#Pass123');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password has been reset. Log in with the new one.'),
  ).toBeVisible();
  await logIn(page, newEmail, 'Third#Pass123');
});

test('a member page asks a signed-out visitor to log in and returns there after', async ({
  page,
}) => {
  const email = uniqueEmail();
  await createAccount(page, email, 'First#Pass123');
  await page.goto('/auth/logout');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await page.goto('/member/password');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=%2Fmember%2Fpassword$/);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('First#Pass123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/member\/password$/);
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

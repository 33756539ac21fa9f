import { expect, test } from '@playwright/test';
import { E2E_LINKS } from '../../playwright.config';

test('home renders with its title and links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Someone is always watching out for you',
  );
  await expect(page).toHaveTitle('Home · Lifeline');
  await expect(page.getByRole('link', { name: 'Find out more' }).first()).toHaveAttribute(
    'href',
    E2E_LINKS.FIND_OUT_MORE_URL,
  );
});

test('an unknown path shows page-not-found', async ({ page }) => {
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Lifeline');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('/help opens in a new tab', async ({ page, context }) => {
  await page.goto('/home');
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click(),
  ]);
  await popup.waitForLoadState();
  expect(popup.url()).toBe(E2E_LINKS.HELP_URL);
  await expect(page).toHaveURL(/\/home$/);
});

test('visiting /shop directly goes to the shop', async ({ page }) => {
  await page.goto('/shop');
  await expect(page).toHaveURL(E2E_LINKS.SHOP_URL);
});

test('the network-error screen offers a retry', async ({ page }) => {
  await page.goto('/error/network-error');
  await expect(page.getByRole('alert')).toContainText('No connection');
  await expect(page.getByRole('button', { name: 'Retry now' })).toBeVisible();
});

test('dark mode and language choices apply and persist', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Colour scheme' }).selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Jemand passt immer auf Sie auf',
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

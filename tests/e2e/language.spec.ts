import { expect, test } from '@playwright/test';

test('a first visit without a choice stays on the language of the URL', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/id/about-us');
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
});

test('the language switch shows the same page in the other language', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('link', { name: 'Bahasa Indonesia' }).click();
  await expect(page).toHaveURL(/\/id\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hubungi kami');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
});

test('the chosen language is remembered and honoured on the next visit', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Bahasa Indonesia' }).click();
  await expect(page).toHaveURL(/\/id$/);
  expect(await page.evaluate(() => localStorage.getItem('segara:locale'))).toBe('id');
  await page.close();

  // Next visit, in a new tab, lands on an English address: it opens in Indonesian.
  const nextVisit = await context.newPage();
  await nextVisit.goto('/tnc?from=search#section');
  await expect(nextVisit).toHaveURL(/\/id\/tnc\?from=search#section$/);
  await expect(nextVisit.locator('html')).toHaveAttribute('lang', 'id');

  // Choosing English again is remembered too.
  await nextVisit.getByRole('link', { name: 'English' }).click();
  await expect(nextVisit).toHaveURL(/\/tnc$/);
  await nextVisit.goto('/id/privacy-policy');
  await expect(nextVisit).toHaveURL(/\/privacy-policy$/);
  await expect(nextVisit.locator('html')).toHaveAttribute('lang', 'en');
  await context.close();
});

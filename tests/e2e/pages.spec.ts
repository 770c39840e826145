import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInThemes } from './axe.ts';
import pkg from '../../package.json' with { type: 'json' };
import { everyContentPage } from './content-pages.ts';

/** Console errors and CSP violations a page causes while it loads. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function expectNoAxeViolationsOnceLoaded(page: Page) {
  await page.waitForLoadState('networkidle'); // home's server island has arrived
  await expectNoAxeViolations(page);
}

// One visit per page and language: what it renders, then axe (the dark theme too on the English pages).
for (const { url, locale, expected, island } of everyContentPage)
  test(`${url} (${locale}) renders in its language with its heading, navigation and footer, and passes axe`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveAccessibleName(expected);
    // "Log in" on every page (the navigation's last link; in the menu on a phone), in the page's language.
    const logIn = page.getByRole('banner').locator(`a[href="${locale === 'en' ? '/login' : '/id/login'}"]`);
    await expect(logIn.first()).toHaveText(locale === 'en' ? 'Log in' : 'Masuk');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('link[rel=alternate][hreflang=en]')).toHaveCount(1);
    await expect(page.locator('link[rel=alternate][hreflang=id]')).toHaveCount(1);
    await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveCount(1);
    await expect(page.getByTestId('app-version')).toContainText(pkg.version);
    if (island) await page.waitForLoadState('networkidle'); // home's server island has arrived
    await expectNoAxeViolationsInThemes(page);
    expect(errors).toEqual([]);
  });

test.describe('page not found', () => {
  for (const [url, heading] of [
    ['/no-such-page', 'Page not found'],
    ['/id/tidak-ada', 'Halaman tidak ditemukan'],
  ] as const) {
    test(`${url} answers 404 in its language and passes axe`, async ({ page }) => {
      const response = await page.goto(url);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolationsOnceLoaded(page);
    });
  }
});

test('the mobile menu and header links lead to the pages', { tag: '@layout' }, async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) await page.getByLabel('Menu').click();
  await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
});

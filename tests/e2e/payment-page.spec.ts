import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { fillContact, fillPassengers } from './booking-steps.ts';

const t = {
  prefix: '',
  indonesiaOnly: 'A Virtual Account needs an account at a bank in Indonesia',
  methodRequired: 'Payment Method is required',
  copy: 'Copy',
  copied: 'Copied',
} as const;

/** A one-way hold for one adult with its details saved, on its payment page. */
async function onPaymentPage(page: Page, prefix: string, day: number, javaScript = true) {
  await page.goto(`${prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(day)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  if (javaScript) await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  if (javaScript) await page.getByTestId('flow-next').click(); // the island's steps: contact, passengers, summary
  await fillPassengers(page, ['Rina Wijaya']);
  await page.getByTestId('flow-next').click();
  if (javaScript) await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
}

test(`en: the payment page says an Indonesian bank is needed, opens a refused Pay on its reason, and copies the numbers`, async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await onPaymentPage(page, t.prefix, 12);
  await expect(page.getByTestId('payment-indonesia-only')).toContainText(t.indonesiaOnly);

  const refused = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByTestId('pay').click();
  expect((await refused).status()).toBe(400);
  await expect(page.locator('#method-error')).toHaveText(t.methodRequired);
  await expect(page.locator('#method-error')).toBeFocused();

  await page.locator('input[name="method"][value="mandiri"]').check();
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('pay').click();
  const number = (await page.getByTestId('va-number').textContent()) ?? '';
  // Company code, whole VA number and amount: each with its copy button once the page's scripts ran.
  const copyButtons = page.getByRole('button', { name: t.copy, exact: true });
  await expect(copyButtons).toHaveCount(3);
  await copyButtons.nth(1).click();
  await expect(page.getByRole('button', { name: t.copied, exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number);
  await expectNoAxeViolations(page);
  // Loaded afresh in the dark scheme: switching on a loaded page would measure colours mid-transition.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(copyButtons).toHaveCount(3);
  await expectNoAxeViolations(page);
});

test('without JavaScript the payment page shows no copy button that would do nothing, and a refused Pay opens on its reason', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await onPaymentPage(page, '', 13, false);
  await page.locator('input[name="method"][value="bni"]').check();
  await page.getByTestId('pay').click();
  await expect(page.locator('#agree-error')).toBeFocused();
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('va-number')).toHaveText(/^\d{16}$/);
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toHaveCount(0);
  await context.close();
});

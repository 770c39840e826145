import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { fillContact, fillPassengers } from './booking-steps.ts';

/** Each language's words the journeys look for. */
const words = {
  en: {
    prefix: '',
    checking: 'Checking your payment',
    paid: 'Payment received',
    toCard: 'back to your Card',
  },
  id: { prefix: '/id', checking: 'Memeriksa pembayaran', paid: 'Pembayaran diterima', toCard: 'ke Kartu' },
} as const;

/** A one-way hold for one adult with its details saved, on its payment page. */
async function onPaymentPage(page: Page, prefix: string, day: number) {
  await page.goto(`${prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(day)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  await page.getByTestId('flow-next').click();
  await fillPassengers(page, ['Rina Wijaya']);
  await page.getByTestId('flow-next').click();
  await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
}

async function payBy(page: Page, method: 'card' | 'qris') {
  await page.locator(`input[name="method"][value="${method}"]`).check();
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('pay').click();
}

for (const locale of ['en', 'id'] as const) {
  const t = words[locale];

  test(`${locale}: pays by card on the hosted page through its 3-D Secure step, and the refund of a cancelled ticket goes back to the card`, async ({
    page,
  }) => {
    test.slow();
    await onPaymentPage(page, t.prefix, locale === 'en' ? 15 : 16);
    await payBy(page, 'card');
    await expect(page.getByTestId('card-continue')).toBeVisible();
    if (locale === 'en') await expectNoAxeViolationsInThemes(page);
    await page.getByTestId('card-continue').click();
    await expect(page).toHaveURL(/\/booking\/sandbox-checkout\?id=/);
    // A declined card first: the session stays open for another card.
    await page.locator('input[name="number"]').fill('4000 0000 0000 0002');
    await page.getByTestId('sandbox-card-pay').click();
    await expect(page.getByRole('alert')).toBeVisible();
    if (locale === 'en') await expectNoAxeViolationsInThemes(page);
    await page.locator('input[name="number"]').fill('4000 0000 0000 2503');
    await page.getByTestId('sandbox-card-pay').click();
    await page.locator('input[name="code"]').fill('1234');
    await page.getByTestId('sandbox-card-confirm').click();
    // Back on the booking: the webhook came first here, so it is paid and managed at its own address.
    await expect(page).toHaveURL(/\/booking\/[\w-]{24}(\?paid)?$/);
    await expect(page.getByText(t.paid)).toBeVisible();
    if (locale === 'id') return;

    const id = /\/booking\/([\w-]{24})/.exec(page.url())?.[1] ?? '';
    await page.goto(`/booking/${id}/cancellation`);
    // This browser has not proven the booking yet: the contact's address does.
    await page.locator('#verify-email').fill('dewi.lestari@example.co.id');
    await page.getByTestId('verify-email-submit').click();
    await expect(page).toHaveURL(new RegExp(`/booking/${id}/cancellation`));
    await page.locator('input[name="tickets"]').first().check();
    await page.getByRole('button', { name: 'Show the refund' }).click();
    await expect(page.getByText('Refunded to the card you paid with')).toBeVisible();
    await expect(page.locator('input[name="accountNumber"]')).toHaveCount(0);
    await page.locator('input[name="agree"]').check();
    await page.getByRole('button', { name: 'Cancel tickets' }).click();
    await expect(page.getByText(t.toCard)).toBeVisible();
  });

  test.describe(`${locale}: a reader from Singapore or Malaysia`, () => {
    // Sees the total in their currency too, as an indication: the browser's language names the region.
    test.use({ locale: locale === 'en' ? 'en-SG' : 'ms-MY' });

    test(`${locale}: pays by QRIS: the QR drawn on the page, its PNG to save, and the simulator's payment`, async ({
      page,
    }) => {
      test.slow();
      await onPaymentPage(page, t.prefix, locale === 'en' ? 17 : 18);
      await expect(page.getByTestId('indicative-price')).toContainText(locale === 'en' ? 'S$' : 'RM');
      await payBy(page, 'qris');
      await expect(page.getByTestId('qris-code').locator('svg')).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByTestId('qris-save').click();
      expect((await download).suggestedFilename()).toMatch(/^QRIS-[A-Z0-9]{6}\.png$/);
      if (locale === 'en') await expectNoAxeViolationsInThemes(page);
      const payment = page.url();
      await page.getByTestId('sandbox-link').click();
      if (locale === 'en') await expectNoAxeViolationsInThemes(page);
      await page.getByTestId('sandbox-qris-pay').click();
      await expect(page.getByTestId('checkout-answer')).toContainText('200');
      await page.goto(payment);
      await expect(page.getByText(t.paid)).toBeVisible();
    });
  });
}

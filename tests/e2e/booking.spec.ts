import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { bornYearsAgo, fillContact, fillPassengers } from './booking-steps.ts';
import { mailsFor } from './mail.ts';

const texts = {
  en: {
    prefix: '',
    received: 'Payment received',
    manage: 'Manage booking',
    paidNow: 'The booking is paid.',
    paid: 'Paid',
    expired: 'Expired',
    notFound: 'We could not find a booking with this booking code and email',
    required: ['Booking code is required', 'Email is required'],
    subjectPaid: 'Your e-tickets',
    returnAfter: 'The return sailing must leave after the outbound arrives',
    emailInvalid: 'Enter a valid email address',
    paidTwice: 'The bank refused the payment: this Virtual Account has been paid already',
  },
  id: {
    prefix: '/id',
    received: 'Pembayaran diterima',
    manage: 'Kelola pesanan',
    paidNow: 'Pesanan sudah lunas.',
    paid: 'Lunas',
    expired: 'Kedaluwarsa',
    notFound: 'Kami tidak menemukan pesanan dengan kode booking dan email ini',
    required: ['Kode booking wajib diisi', 'Email wajib diisi'],
    subjectPaid: 'E-tiket Anda',
    returnAfter: 'Kapal pulang harus berangkat setelah kapal pergi tiba',
    emailInvalid: 'Masukkan alamat email yang valid',
    paidTwice: 'Bank menolak pembayaran: Virtual Account ini sudah dibayar',
  },
} as const;

/** Bank, agreement, Pay; then the simulator pays the VA and the payment page shows the tickets. */
async function payInSimulator(page: Page, bank: string, t: (typeof texts)['en' | 'id']) {
  await page.locator(`input[name="method"][value="${bank}"]`).check();
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('va-number')).toHaveText(/^\d{12,16}$/);
  const paymentUrl = page.url();
  await page.getByTestId('sandbox-link').click();
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-result')).toContainText('200');
  await expect(page.getByTestId('sandbox-result')).toHaveAttribute('data-outcome', 'confirmed');
  // Single use, as at a bank: the same VA refuses a second payment and sends no callback.
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-result')).toContainText(t.paidTwice);
  await page.goto(paymentUrl);
  await expect(page.getByTestId('payment-received')).toHaveText(t.received);
}

for (const locale of ['en', 'id'] as const) {
  const t = texts[locale];

  test(`${locale}: a guest books a two way trip, pays in the simulator, gets the e-tickets and finds the order`, async ({
    page,
  }) => {
    test.slow();
    await page.goto(
      `${t.prefix}/booking/schedule?trip=two_way&from=BTC&to=HFC&date=${daysAhead(4)}&returnDate=${daysAhead(6)}&adults=2&infants=1`,
    );
    await page.locator('input[name="out"]').first().check();
    await page.locator('input[name="ret"]').last().check();
    await page.locator('#continue').getByRole('button').click();
    await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
    const code = (await page.getByTestId('booking-code').textContent()) ?? '';
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3); // hold timer + booking flow + notifications
    await expectNoAxeViolations(page);

    await fillContact(page);
    await page.getByTestId('flow-next').click();
    await fillPassengers(
      page,
      ['Dewi Lestari', 'Arif Lestari', 'Nadia Lestari'],
      [bornYearsAgo(34), bornYearsAgo(36), bornYearsAgo(1)],
    );
    await page.getByTestId('flow-next').click();
    await expect(page.getByTestId('booking-summary')).toContainText('Nadia Lestari');
    // Saved on the server: a reload opens at the summary with everything typed.
    await page.reload();
    await expect(page.getByTestId('booking-summary')).toContainText('+6281234567890');
    await page.getByTestId('flow-next').click();
    await expect(page).toHaveURL(/\/payment$/);
    // The payment method's step shows the hold's countdown too, once.
    await expect(page.getByTestId('hold-timer')).toHaveCount(1);
    await expectNoAxeViolations(page);

    await page.locator('input[name="method"][value="mandiri"]').check();
    await page.locator('input[name="agree"]').check();
    await page.getByTestId('pay').click();
    await expect(page.getByTestId('biller-code')).toHaveText(/^\d{5}$/);
    await expect(page.getByTestId('payment-countdown')).toContainText(/\d{2}:\d{2}/);
    await expectNoAxeViolations(page);
    const paymentUrl = page.url();
    await page.getByTestId('sandbox-link').click();
    await page.getByTestId('sandbox-pay').click();
    await expect(page.getByTestId('sandbox-result')).toHaveAttribute('data-outcome', 'confirmed');
    // What the site did, said in the page's language (never the callback's own word).
    await expect(page.getByTestId('sandbox-result')).toContainText(t.paidNow);
    // Paid: the payment page leads to the booking's Manage booking page, which confirms the payment once.
    await page.goto(paymentUrl);
    await expect(page).toHaveURL(/\/booking\/[\w-]{24}\?paid$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.manage);
    await expect(page.getByTestId('payment-received')).toHaveText(t.received);
    await expect(page.getByTestId('passenger-tickets')).toContainText(`TK-${code}-3R`);

    const pdf = await page.request.get((await page.getByTestId('e-ticket-link').getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    const mails = await mailsFor(code, 2);
    const paidMail = mails.find((raw) => raw.includes(t.subjectPaid));
    expect(paidMail).toContain(`filename=e-ticket-${code}.pdf`);
    expect(paidMail).toContain('To: dewi.lestari@example.co.id');

    await page.goto(`${t.prefix}/booking/check-order`);
    await page.getByTestId('check-order-submit').click();
    for (const message of t.required) await expect(page.getByText(message)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.locator('#code').fill(code.toLowerCase());
    await page.locator('#email').fill('wrong@example.com');
    await page.getByTestId('check-order-submit').click();
    await expect(page.getByTestId('check-order-error')).toContainText(t.notFound);
    await page.locator('#email').fill('Dewi.Lestari@example.co.id');
    await page.getByTestId('check-order-submit').click();
    await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
    await expect(page.getByTestId('order-status')).toHaveText(t.paid);
    await expect(page.getByTestId('passenger-tickets')).toContainText(`ET-${code}-2`);
    await expectNoAxeViolations(page);
    // Proven by code and e-mail: the sign-up the booking offers starts from its contact person, in this browser
    // only; another browser with the same link (or a hand-set hold cookie) starts empty.
    // (The same address as the account prompt's "Sign up" after the payment.)
    const signUp = `${t.prefix}/sign-up?attach=${new URL(page.url()).pathname.split('/').pop() ?? ''}`;
    await page.goto(signUp);
    await expect(page.getByTestId('account-signUp').locator('[name="email"]')).toHaveValue(
      'dewi.lestari@example.co.id',
    );
    await expect(page.getByTestId('account-signUp').locator('[name="fullName"]')).toHaveValue('Dewi Lestari');
    await expect(page.getByTestId('account-signUp').locator('[name="phone"]')).toHaveValue(
      /^0812.3456.7890$/,
    );
    if (locale === 'en') {
      const elsewhere = await page.context().browser()?.newContext();
      const attach = new URL(signUp, page.url()).searchParams.get('attach') ?? '';
      await elsewhere?.addCookies([{ name: 'segara_hold', value: attach, url: page.url() }]);
      const other = await elsewhere?.newPage();
      await other?.goto(new URL(signUp, page.url()).href);
      await expect(
        other?.getByTestId('account-signUp').locator('[name="email"]') ?? page.locator('none'),
      ).toHaveValue('');
      await elsewhere?.close();
    }
  });
}

test(`en: an open ticket is bought from start to e-ticket without JavaScript`, async ({ browser }) => {
  const t = texts.en;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${t.prefix}/booking/schedule?trip=open&from=HBB&to=PTH&adults=2`);
  await page.locator('#continue').getByRole('button').click();
  const code = (await page.getByTestId('booking-code').textContent()) ?? '';
  await fillContact(page);
  await fillPassengers(page, ['Rina Wijaya', 'Tono Wijaya']);
  await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
  await payInSimulator(page, 'bri', t);
  await expect(page.getByTestId('passenger-tickets')).toContainText(`TK-${code}-2D`);
  await context.close();
});

test(`en: without JavaScript, a refused form comes back with what was chosen and typed, and why`, async ({
  browser,
}) => {
  const t = texts.en;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const day = daysAhead(9);
  await page.goto(`${t.prefix}/booking/schedule?trip=two_way&from=BTC&to=HFC&date=${day}&returnDate=${day}`);
  // A return that leaves before the chosen outbound arrives: the server says so, the choices stay.
  const lastOut = page.locator('input[name="out"]').last();
  await lastOut.check();
  await page.locator('input[name="ret"]').first().check();
  const refusedHold = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.locator('#continue').getByRole('button').click();
  expect((await refusedHold).status()).toBe(400);
  await expect(page.locator('#continue [role="alert"]').first()).toHaveText(t.returnAfter);
  await expect(page.locator('#continue [role="alert"]').first()).toBeFocused();
  await expect(lastOut).toBeChecked();
  expect(new URL(page.url()).search).not.toMatch(/error|out=|ret=/i);

  // A return on the next day fits.
  await page.goto(
    `${t.prefix}/booking/schedule?trip=two_way&from=BTC&to=HFC&date=${day}&returnDate=${daysAhead(10)}`,
  );
  await page.locator('input[name="out"]').first().check();
  await page.locator('input[name="ret"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  await fillContact(page);
  await page.locator('[name="contact.email"]').fill('dewi@example');
  await fillPassengers(page, ['Rina Wijaya']);
  const refusedDetails = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByTestId('flow-next').click();
  expect((await refusedDetails).status()).toBe(400);
  expect(new URL(page.url()).search).toBe('');
  await expect(page.locator('[name="contact.email"]')).toHaveValue('dewi@example');
  await expect(page.locator('[name="contact.phone"]')).toHaveValue('0812 3456 7890');
  await expect(page.locator('[name="passengers.0.fullName"]')).toHaveValue('Rina Wijaya');
  await expect(page.locator('[name="passengers.0.passportCountry"]')).toHaveValue('ID');
  await expect(page.getByText(t.emailInvalid)).toBeVisible();
  await page.locator('[name="contact.email"]').fill('dewi@example.co.id');
  await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
  await context.close();
});

test(`en: a booking left unpaid expires, says so, and its seats go back on sale`, async ({ page }) => {
  const t = texts.en;
  await page.goto(`${t.prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(8)}&adults=9`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  const id = page.url().split('/').pop() ?? '';
  const expired = await page.request.post(`/e2e/expire-booking?id=${id}`);
  const report = (await expired.json()) as { status: string; before: number[]; after: number[] };
  expect(report.status).toBe('expired');
  expect((report.before[0] ?? 0) - (report.after[0] ?? 0)).toBe(9); // its 9 seats are free again
  await page.reload();
  await expect(page.getByTestId('booking-status')).toContainText(t.expired);
});

test('a step with missing details says what is missing and puts the focus on the first such field', async ({
  page,
}) => {
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(7)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await page.locator('[name="contact.email"]').fill('dewi@example.co.id');
  await page.getByTestId('flow-next').click();
  await expect(page.getByText('Full Name is required')).toBeVisible();
  await expect(page.getByText('Phone Number is required')).toBeVisible();
  await expect(page.locator('[name="contact.fullName"]')).toBeFocused();
  await fillContact(page);
  await page.getByTestId('flow-next').click();
  await expect(page.locator('[name="passengers.0.fullName"]')).toBeFocused();
});

for (const path of [
  '/booking/check-order',
  '/id/booking/check-order',
  '/booking/sandbox?va=0',
  '/id/booking/sandbox',
]) {
  test(`${path} passes axe in the light and the dark theme`, async ({ page }) => {
    await page.goto(path);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expectNoAxeViolations(page);
  });
}

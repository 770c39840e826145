import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsInThemes } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { mailsFor } from './mail.ts';
import { paidBooking, sailingsOn, type SailingFound } from './paid-booking.ts';

const texts = {
  en: {
    prefix: '',
    find: 'Find my booking',
    showSailings: 'Show sailings',
    free: 'Free (same operator)',
    reschedule: 'Reschedule',
    rescheduled: 'Rescheduled',
    showRefund: 'Show the refund',
    refundBy: 'Refunded to your account by',
    cancel: 'Cancel tickets',
    cancelled: 'Cancelled',
    inProgress: 'in progress',
    currency: 'IDR',
    claim: 'Claim a sailing',
    claimSubmit: 'Claim this sailing',
    claimed: 'Claimed ticket',
    now: 'Now',
    agreeFirst: 'Agree to the reschedule terms to continue',
  },
  id: {
    prefix: '/id',
    find: 'Cari pesanan saya',
    showSailings: 'Tampilkan jadwal',
    free: 'Gratis (operator yang sama)',
    reschedule: 'Ubah jadwal',
    rescheduled: 'Jadwal diubah',
    showRefund: 'Hitung pengembalian dana',
    refundBy: 'Dana dikirim ke rekening Anda paling lambat',
    cancel: 'Batalkan tiket',
    cancelled: 'Dibatalkan',
    inProgress: 'sedang diproses',
    currency: 'Rp',
    claim: 'Pilih jadwal',
    claimSubmit: 'Pilih jadwal ini',
    claimed: 'Jadwal sudah dipilih',
    now: 'Jadwal saat ini',
    agreeFirst: 'Setujui ketentuan ubah jadwal untuk melanjutkan',
  },
} as const;

/**
 * A sailing 3 days ahead with a later one of the same operator the same day (somewhere to move to for free), and a
 * paid booking on it. Answers the booking's code.
 */
async function paidWithLaterSailing(request: APIRequestContext, page: Page, name: string) {
  const day = await sailingsOn(request, [3]);
  const from = day.find((sailing: SailingFound, index) =>
    day.slice(index + 1).some((later) => later.operator.code === sailing.operator.code),
  );
  if (!from) throw new Error('no sailing with a later one of the same operator');
  return paidBooking(request, page, from, name);
}

async function find(page: Page, path: string, code: string, button: string) {
  await page.goto(path);
  await page.locator('[name="code"]').fill(code);
  await page.locator('[name="email"]').fill('rina.wijaya@example.co.id');
  await page.getByRole('button', { name: button }).click();
}

for (const locale of ['en', 'id'] as const) {
  const t = texts[locale];

  test(`${locale}: a guest moves a passenger to a later sailing, free, and sees the new ticket`, async ({
    page,
    request,
  }) => {
    const code = await paidWithLaterSailing(request, page, 'Rina Wijaya');
    await find(page, `${t.prefix}/booking/reschedule`, code, t.find);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/[\\w-]{24}/reschedule$`));
    await expectNoAxeViolations(page);
    // Nobody ticked: the list says so, and the page opens on it.
    await page.getByRole('button', { name: t.showSailings }).click();
    await expect(page.getByTestId('tickets-error')).toBeFocused();
    await expect(page.getByTestId('tickets-error')).toBeInViewport();
    await page.getByLabel('Rina Wijaya').check();
    await page.getByRole('button', { name: t.showSailings }).click();
    // The answer on the first screen of a phone, focus on its heading.
    await expect(page.locator('#step-sailing')).toBeFocused();
    await expect(page.locator('#step-sailing')).toBeInViewport();
    const free = page.getByTestId('sailing-choice').filter({ hasText: t.free }).first();
    await free.locator('input').check();
    // The summary: the sailing now beside the one chosen.
    const move = page.getByTestId('move-summary-row');
    await expect(move).toContainText(t.now);
    await expect(move.locator('[data-new-sailing]')).toHaveText(
      (await free.locator('input').getAttribute('data-summary')) ?? '',
    );
    // Without the agreement: the product's own sentence in the page's language, never a browser bubble.
    await page.getByRole('button', { name: t.reschedule, exact: true }).click();
    await expect(page.getByTestId('reschedule-refused')).toHaveText(t.agreeFirst);
    const agree = page.locator('[name="agree"]');
    // A target a thumb can hit (WCAG 2.2: 24 px at least).
    expect((await agree.boundingBox())?.width).toBeGreaterThanOrEqual(24);
    await page.getByTestId('sailing-choice').filter({ hasText: t.free }).first().locator('input').check();
    await agree.check();
    await expectNoAxeViolationsInThemes(page);
    await page.getByRole('button', { name: t.reschedule, exact: true }).click();

    await expect(page).toHaveURL(/\/booking\/[\w-]{24}\?rescheduled$/);
    await expect(page.getByTestId('order-done')).toBeVisible();
    const lines = page.getByTestId('ticket-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(t.rescheduled);
    await expect(lines.last()).toContainText(`TK-${code}-1D2`);
    // Rescheduled once: nothing left to reschedule online.
    await expect(page.getByTestId('ticket-reschedule')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test(`en: a guest cancels a ticket, sees the fee, the refund and its date, and gives the account`, async ({
  page,
  request,
}) => {
  const t = texts.en;
  const code = await paidWithLaterSailing(request, page, 'Bayu Santoso');
  await find(page, `${t.prefix}/booking/check-order`, code, t.find);
  await page.getByTestId('ticket-cancel').click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/[\\w-]{24}/cancellation\\?tickets=`));
  await expectNoAxeViolations(page);
  await page.getByLabel(/Bayu Santoso/).check();
  await page.getByRole('button', { name: t.showRefund }).click();
  await expect(page.locator('#step-refund')).toBeFocused();
  await expect(page.locator('#step-refund')).toBeInViewport();
  await expect(page.getByTestId('cancel-quote')).toContainText(t.refundBy);
  await expect(page.getByTestId('cancel-refund')).toContainText(t.currency);
  await expectNoAxeViolationsInThemes(page);
  // Submitting without the account: each field says what it needs, and the choice is kept.
  await page.locator('[name="agree"]').check();
  await page.getByRole('button', { name: t.cancel, exact: true }).click();
  await expect(page.locator('#bank-error')).toBeVisible();
  await expect(page.getByLabel(/Bayu Santoso/)).toBeChecked();
  await expectNoAxeViolations(page);
  await page.locator('[name="accountHolder"]').fill('Bayu Santoso');
  await page.locator('[name="bank"]').fill('BCA');
  await page.locator('[name="accountNumber"]').fill('1234 5678 90');
  await page.locator('[name="agree"]').check();
  await page.getByRole('button', { name: t.cancel, exact: true }).click();

  await expect(page).toHaveURL(/\/booking\/[\w-]{24}\?cancelled$/);
  // Its only ticket cancelled: the booking no longer reads "Paid".
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled, refund in progress');
  await expect(page.getByTestId('ticket-line')).toContainText(t.cancelled);
  await expect(page.getByTestId('order-refunds')).toContainText(t.inProgress);
  await expect(page.getByTestId('ticket-cancel')).toHaveCount(0);
  // Its only ticket cancelled: no e-ticket to download any more.
  const id = /booking\/([\w-]{24})/.exec(page.url())?.[1] ?? '';
  expect((await request.get(`/booking/${id}/e-ticket.pdf`)).status()).toBe(404);
  await expect(page.getByTestId('order-action')).not.toHaveAttribute('href', /e-ticket/);
  await expectNoAxeViolations(page);
});

test('en: a cancellation opened by its link alone asks for the code e-mailed to the booking, then goes on', async ({
  page,
  request,
}) => {
  const code = await paidWithLaterSailing(request, page, 'Sari Dewi');
  const found = await request.post('/api/bookings/lookup', {
    data: { code, email: 'rina.wijaya@example.co.id' },
  });
  const { id } = (await found.json()) as { id: string };
  await page.goto(`/booking/${id}/cancellation`);
  await expect(page).toHaveURL(new RegExp(`/booking/${id}/verify\\?for=cancel$`));
  await expectNoAxeViolations(page);
  // A wrong address is refused at its field; then the code by e-mail.
  await page.locator('#verify-email').fill('someone.else@example.com');
  await page.getByTestId('verify-email-submit').click();
  await expect(page.locator('#verify-email-error')).toBeVisible();
  await page.getByTestId('verify-send').click();
  await expect(page.getByTestId('verify-sent')).toContainText('ri•••@example.co.id');
  let otp = '';
  await expect
    .poll(async () => {
      otp = (await mailsFor(code, 1)).map((raw) => /(\d{6}) is your code/.exec(raw)?.[1]).find(Boolean) ?? '';
      return otp;
    })
    .toMatch(/^\d{6}$/);
  await page.locator('#verify-code').fill(otp);
  await expectNoAxeViolations(page);
  await page.getByTestId('verify-code-submit').click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}/cancellation$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel tickets');
});

test('en: Manage booking opened by its link alone asks for the proof on the page, once, then its changes open', async ({
  page,
  request,
}) => {
  const code = await paidWithLaterSailing(request, page, 'Rina Wijaya');
  const found = await request.post('/api/bookings/lookup', {
    data: { code, email: 'rina.wijaya@example.co.id' },
  });
  const { id } = (await found.json()) as { id: string };
  await page.goto(`/booking/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage booking');
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('ticket-status')).toHaveText('Paid');
  // What a ticket cannot do yet says why: check-in opens a day before, at the terminal's time.
  await expect(page.getByTestId('ticket-reasons')).toContainText('Online check-in opens');
  await expect(page.getByTestId('manage-proof')).toBeVisible();
  await expectNoAxeViolationsInThemes(page);
  // A wrong address is refused at its field, on this page, with what was typed kept.
  await page.locator('#verify-email').fill('someone.else@example.com');
  await page.getByTestId('verify-email-submit').click();
  await expect(page.locator('#verify-email-error')).toBeVisible();
  await expect(page.locator('#verify-email')).toHaveValue('someone.else@example.com');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Manage booking');
  await page.locator('#verify-email').fill('rina.wijaya@example.co.id');
  await page.getByTestId('verify-email-submit').click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  await expect(page.getByTestId('manage-proof')).toHaveCount(0);
  await page.getByTestId('ticket-cancel').click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}/cancellation\\?tickets=`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cancel tickets');
});

test(`en: a guest claims an open ticket for a sailing from the order page`, async ({ page, request }) => {
  const t = texts.en;
  const code = await paidBooking(request, page, 'open ticket', 'Dewi Lestari');
  await find(page, `${t.prefix}/booking/check-order`, code, t.find);
  await page.getByRole('link', { name: t.claim }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/[\\w-]{24}/claim$`));
  await expectNoAxeViolations(page);
  // A date past the ticket's last day is refused at its field and kept there: no other day's sailings instead.
  await page.locator('[name="date"]').fill(daysAhead(200));
  await page.getByRole('button', { name: t.showSailings }).click();
  await expect(page.getByTestId('sailing-date-error')).toBeVisible();
  await expect(page.locator('[name="date"]')).toHaveValue(daysAhead(200));
  await expect(page.getByTestId('sailing-choice')).toHaveCount(0);
  await page.locator('[name="date"]').fill(daysAhead(3));
  await page.getByRole('button', { name: t.showSailings }).click();
  await expect(page.locator('#claim-sailing')).toBeFocused();
  await expect(page.getByTestId('sailings-date')).toBeInViewport();
  await page.getByTestId('sailing-choice').first().locator('input').check();
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('button', { name: t.claimSubmit }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}\?claimed$/);
  await expect(page.getByTestId('ticket-line')).toContainText(t.claimed);
  await expect(page.getByTestId('ticket-claim')).toHaveCount(0);
  await expect(page.getByTestId('trip-card')).toBeVisible();
});

test('without JavaScript, a reschedule works from the order page in plain form steps', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const code = await paidWithLaterSailing(request, page, 'Tono Wijaya');
  await find(page, '/booking/check-order', code, 'Find my booking');
  await page.getByTestId('ticket-reschedule').first().click();
  await page.getByLabel('Tono Wijaya').check();
  await page.getByRole('button', { name: 'Show sailings' }).click();
  await expect(page.getByLabel('Tono Wijaya')).toBeChecked();
  await page.getByTestId('sailing-choice').filter({ hasText: 'Free' }).first().locator('input').check();
  await page.locator('[name="agree"]').check();
  await page.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(page.getByTestId('order-done')).toBeVisible();
  await expect(page.getByTestId('ticket-line').last()).toContainText(`TK-${code}-1D2`);
  await context.close();
});

const entryPages = [
  { path: '/booking/check-order', heading: { en: 'Check order', id: 'Cek pesanan' } },
  { path: '/booking/check-in-online', heading: { en: 'Online check-in', id: 'Check-in online' } },
  { path: '/booking/reschedule', heading: { en: 'Reschedule', id: 'Ubah jadwal' } },
  { path: '/booking/cancellation', heading: { en: 'Cancel tickets', id: 'Batalkan tiket' } },
] as const;

for (const locale of ['en', 'id'] as const)
  test(`${locale}: every way into a booking (code + email) names its task and passes axe`, async ({
    page,
  }) => {
    for (const entry of entryPages) {
      await page.goto(`${texts[locale].prefix}${entry.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.heading[locale]);
      await expectNoAxeViolations(page);
    }
  });

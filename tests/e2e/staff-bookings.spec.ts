import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { mailsFor } from './mail.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';
import { signedInAdmin } from './staff-sign-in.ts';

// Issue 36: an agent finds a booking from what the traveller remembers (a passenger's passport number), reads its
// history, resends its e-tickets with a reason, and an admin pays a refund from the queue; the console in Indonesian.

const uniquePassport = () => `E2E${String(Date.now()).slice(-6)}`;

/** The mails of a booking with this subject, once at least `count` of them are in the outbox. */
async function mailsTitled(code: string, subject: string, count: number) {
  await expect
    .poll(async () => (await mailsFor(code, 1)).filter((raw) => raw.includes(subject)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(count);
}

async function search(page: Page, box: string, text: string, submit: string) {
  await page.getByLabel(box).fill(text);
  await page.getByRole('button', { name: submit, exact: true }).click();
}

test('an agent finds a booking by a passport number, resends its e-tickets and cancels it on the phone, and an admin marks its refund paid', async ({
  page,
}) => {
  test.slow();
  const [sailing] = await sailingsOn(page.request, [5, 6]);
  if (!sailing) throw new Error('no sailing with seats');
  const passport = uniquePassport();
  // Paid 25,000 above the amount due: the booking is confirmed and the difference is owed back.
  const code = await paidBooking(page.request, page, sailing, 'Ayu Kartika', 'ayu.kartika@example.co.id', {
    passportNumber: passport,
    paidAbove: 25_000,
  });
  await mailsTitled(code, 'Your e-tickets', 1);
  await signedInAdmin(page);

  await page.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/staff\/bookings$/);
  await expectNoAxeViolationsInThemes(page);
  await search(page, 'Booking code, name, email', passport.toLowerCase(), 'Search');
  await expect(page.getByTestId('booking-result')).toHaveCount(1);
  await expect(page.getByTestId('booking-result')).toContainText('Ayu Kartika');
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Booking ${code}`);
  await expect(page.getByTestId('staff-booking-state')).toHaveText('Paid');
  await expect(page.getByTestId('staff-passengers')).toContainText(passport);
  await expect(page.getByTestId('staff-mails')).toContainText('E-tickets: sent');
  await expect(page.getByTestId('staff-history')).toContainText('Payment recorded');
  await expectNoAxeViolationsInThemes(page);

  // Resend without a reason: refused, with the choice kept; then with one.
  const resend = page.getByTestId('staff-resend');
  await resend.getByLabel('What to send').selectOption({ label: 'E-tickets' });
  await resend.getByRole('button', { name: 'Send again' }).click();
  await expect(page.locator('#staff-resend-reason-error')).toContainText('at least 5 characters');
  await resend.getByLabel('Reason').fill('Traveller lost the email');
  await resend.getByRole('button', { name: 'Send again' }).click();
  await expect(page).toHaveURL(/\?resent=booking_paid$/);
  await expect(page.getByTestId('staff-status')).toContainText('Queued');
  await expect(page.getByTestId('staff-history').locator('li').first()).toContainText('Email sent again');
  await expect(page.getByTestId('staff-history').locator('li').first()).toContainText(
    'Traveller lost the email',
  );
  await mailsTitled(code, 'Your e-tickets', 2);

  // The refund queue: the over-payment is owed, due in 7 working days; marked paid with the bank's reference.
  await page.getByRole('link', { name: 'Refunds' }).click();
  const refund = page.getByTestId('staff-refund').filter({ hasText: code });
  await expect(refund).toContainText('IDR 25,000');
  await expect(refund).toContainText('paid too much');
  await expect(refund).toHaveAttribute('data-state', 'due');
  await expectNoAxeViolationsInThemes(page);
  const csv = await page.request.get('/staff/refunds?export');
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.text()).split('\r\n')[0]).toBe(
    'bank_code,account_number,account_holder,amount,reference,email',
  );
  await refund.getByRole('button', { name: 'Mark paid' }).click();
  await expect(
    page.getByTestId('staff-refund').filter({ hasText: code }).getByText('3 to 60 characters'),
  ).toBeVisible();
  await page
    .getByTestId('staff-refund')
    .filter({ hasText: code })
    .getByLabel("The bank's transfer reference")
    .fill('BNI-TRF-778812');
  await page
    .getByTestId('staff-refund')
    .filter({ hasText: code })
    .getByRole('button', { name: 'Mark paid' })
    .click();
  await expect(page).toHaveURL(/\?paid$/);
  await expect(
    page.getByTestId('staff-refunds-paid').getByTestId('staff-refund').filter({ hasText: code }),
  ).toContainText('BNI-TRF-778812');
  await mailsTitled(code, 'your refund has been paid', 1);

  // The traveller asks on the phone to cancel: with the fee, to the account they give.
  await page.goto('/staff/bookings');
  await search(page, 'Booking code, name, email', code, 'Search');
  await page.getByRole('link', { name: code }).click();
  const cancel = page.getByTestId('staff-cancel');
  await cancel.getByText('Cancel tickets').click();
  await cancel.getByRole('checkbox', { name: /Ayu Kartika/ }).check();
  await cancel.getByLabel('Bank').fill('BCA');
  await cancel.getByLabel('Account number').fill('1234567890');
  await cancel.getByLabel('Account holder name').fill('Ayu Kartika');
  await cancel.getByLabel('Reason').fill('Asked by phone, plans changed');
  await cancel.getByRole('button', { name: 'Cancel the ticked tickets' }).click();
  await expect(page.getByTestId('staff-status')).toContainText('Cancelled');
  await expect(page.getByTestId('staff-booking-state')).toHaveText('Cancelled');
  await expect(page.getByTestId('staff-history').locator('li').first()).toContainText(
    'Tickets cancelled by staff',
  );

  // The mails that failed their last try (none of this booking's), then a data request from the same traveller.
  await page.getByRole('link', { name: 'Failed emails' }).click();
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('link', { name: 'Data requests' }).click();
  await expectNoAxeViolationsInThemes(page);
  const request = page.getByTestId('data-request-new');
  await request.getByLabel('What they ask for').selectOption({ label: 'Access to their data' });
  await request.getByLabel('Their email').fill('AYU.KARTIKA@example.co.id');
  await request.getByLabel('What they wrote').fill('Please tell me what you keep about me.');
  await request.getByRole('button', { name: 'Record the request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Data request from ayu.kartika@example.co.id',
  );
  await expect(page.getByTestId('data-request')).toContainText('Due by');
  await expect(page.getByTestId('traveller-data')).toContainText(passport);
  await expectNoAxeViolationsInThemes(page);
  const json = await page.request.get(`${page.url()}?export`);
  expect(JSON.stringify(await json.json())).toContain(passport);

  // In Indonesian: the same booking found by its code, and its page.
  await page.goto('/id/staff/bookings');
  await search(page, 'Kode booking, nama, email', code.toLowerCase(), 'Cari');
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pesanan ${code}`);
  await expect(page.getByTestId('staff-booking-state')).toHaveText('Dibatalkan');
  await expect(page.getByTestId('staff-history')).toContainText('Tiket dibatalkan staf');
  await expectNoAxeViolationsInThemes(page);
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { mailsFor } from './mail.ts';
import { contact, passenger } from '../support/booking-flow.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';
import { signedInAdmin } from './staff-sign-in.ts';

// Issue 36: an agent finds a booking from what the traveller remembers (a passenger's passport number), reads its
// history, resends its e-tickets with a reason, and an admin works the refund queue; data requests; the same journey
// in Indonesian. Three tests, so one failing hides none of the others' checks.

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

/** A paid booking for one passenger with a passport of their own, paid `paidAbove` too much (owed back). */
async function paidWithPassport(page: Page, name: string, email: string, paidAbove: number) {
  const [sailing] = await sailingsOn(page.request, [5, 6]);
  if (!sailing) throw new Error('no sailing with seats');
  const passport = uniquePassport();
  const code = await paidBooking(page.request, page, sailing, name, email, {
    passportNumber: passport,
    paidAbove,
  });
  return { code, passport };
}

test('an agent finds a booking by a passport number, corrects and resends, cancels it on the phone, and an admin works its refunds', async ({
  page,
}) => {
  test.slow();
  // Paid 25,000 above the amount due: the booking is confirmed and the difference is owed back.
  const { code, passport } = await paidWithPassport(page, 'Ayu Kartika', 'ayu.kartika@example.co.id', 25_000);
  await mailsTitled(code, 'Your e-tickets', 1);
  await signedInAdmin(page);

  await page.getByRole('link', { name: 'Bookings' }).click();
  await expect(page).toHaveURL(/\/staff\/bookings$/);
  await search(page, 'Booking code, name, email', passport.toLowerCase(), 'Search');
  await expect(page.getByTestId('booking-result')).toHaveCount(1);
  await expect(page.getByTestId('booking-result')).toContainText('Ayu Kartika');
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Booking ${code}`);
  await expect(page.getByTestId('staff-booking-state')).toHaveText('Paid');
  await expect(page.getByTestId('staff-passengers')).toContainText(passport);
  await expect(page.getByTestId('staff-mails')).toContainText('E-tickets: sent');
  await expect(page.getByTestId('staff-history')).toContainText('Payment recorded');

  // Resend without a reason: refused, with the choice kept; then with one.
  const resend = page.getByTestId('staff-resend');
  await resend.getByLabel('What to send').selectOption({ label: 'E-tickets' });
  await resend.getByRole('button', { name: 'Send again' }).click();
  await expect(page.locator('#staff-resend-reason-error')).toContainText('at least 5 characters');
  await resend.getByLabel('Reason').fill('Traveller lost the email');
  await resend.getByRole('button', { name: 'Send again' }).click();
  await expect(page).toHaveURL(/\?resent=booking_paid$/);
  await expect(page.getByTestId('staff-status')).toContainText('Queued');
  const latest = page.getByTestId('staff-history').locator('li').first();
  await expect(latest).toContainText('Email sent again');
  await expect(latest).toContainText('Traveller lost the email');
  await mailsTitled(code, 'Your e-tickets', 2);

  // A contact correction with a mistyped address: refused, the form left open on its error (axe checks the booking's
  // page in this state, the fullest it has).
  const contact = page.locator('details').filter({ hasText: "Correct the contact's email or phone" });
  await contact.locator('summary').click();
  await contact.getByLabel('Email').fill('ayu.kartika@example');
  await contact.getByLabel('Reason').fill('Traveller spelled it on the phone');
  await contact.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page.locator('#contact-email-error')).toContainText('Enter a valid email address');
  await expect(contact.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolationsInThemes(page);

  // The traveller asks on the phone to cancel: with the fee, to the account they give.
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
  await expect(
    page.getByTestId('staff-history').locator('li').filter({ hasText: 'Tickets cancelled by staff' }),
  ).toContainText('Asked by phone, plans changed');

  // The refund queue: the cancellation's refund is in the bank's file, every column of its line.
  await page.getByRole('link', { name: 'Refunds' }).click();
  const refunds = page.getByTestId('staff-refund').filter({ hasText: code });
  const overpaid = refunds.filter({ hasText: 'paid too much' });
  const cancelled = refunds.filter({ hasText: 'cancelled by' });
  await expect(overpaid).toContainText('IDR 25,000');
  await expect(overpaid).toHaveAttribute('data-state', 'due');
  const csv = await page.request.get('/staff/refunds?export');
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).split('\r\n');
  expect(lines[0]).toBe('bank_code,account_number,account_holder,amount,reference,email');
  expect(lines.filter((line) => line.includes(`,RF${code}`))).toEqual([
    expect.stringMatching(
      new RegExp(`^014,1234567890,Ayu Kartika,\\d+,RF${code}[0-9A-F]{6},ayu\\.kartika@example\\.co\\.id$`),
    ),
  ]);

  // Ten days on, both are overdue; the cancellation's transfer comes back: each stands out.
  expect((await page.request.post(`/e2e/refund-overdue?code=${code}`)).ok()).toBe(true);
  await cancelled.getByText('The transfer came back').first().click();
  await cancelled.getByLabel('Reason').fill('Account closed at the bank');
  await cancelled.getByRole('button', { name: 'The transfer came back' }).click();
  await expect(page).toHaveURL(/\?failed$/);
  await expect(overpaid).toHaveAttribute('data-state', 'overdue');
  await expect(overpaid).toContainText('Overdue since');
  await expect(cancelled).toHaveAttribute('data-state', 'failed');
  await expect(cancelled).toContainText('Transfer failed: Account closed at the bank');
  await expectNoAxeViolationsInThemes(page);

  // The over-payment is marked paid with the bank's reference, and the traveller is told.
  await overpaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(overpaid.getByText('3 to 60 characters')).toBeVisible();
  await overpaid.getByLabel("The bank's transfer reference").fill('BNI-TRF-778812');
  await overpaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(page).toHaveURL(/\?paid$/);
  await expect(
    page.getByTestId('staff-refunds-paid').getByTestId('staff-refund').filter({ hasText: code }),
  ).toContainText('BNI-TRF-778812');
  await mailsTitled(code, 'your refund has been paid', 1);
});

test('an agent opens the failed emails, and records a data request and reads what we hold, as a page and as JSON', async ({
  page,
}) => {
  // A traveller who held seats and gave their details (unpaid): what we hold about them includes the passport.
  const [sailing] = await sailingsOn(page.request, [7]);
  const passport = uniquePassport();
  const held = await page.request.post('/api/bookings', { data: { out: sailing?.id, adults: 1 } });
  const { id } = (await held.json()) as { id: string };
  const details = {
    contact: { ...contact, fullName: 'Rina Wijaya', email: 'rina.data@example.co.id' },
    passengers: [{ ...passenger('Rina Wijaya'), passportNumber: passport }],
  };
  expect((await page.request.put(`/api/bookings/${id}/details`, { data: details })).status()).toBe(204);
  await signedInAdmin(page);

  await page.getByRole('link', { name: 'Failed emails' }).click();
  await expectNoAxeViolationsInThemes(page);
  await page.getByRole('link', { name: 'Data requests' }).click();
  await expectNoAxeViolationsInThemes(page);
  const request = page.getByTestId('data-request-new');
  await request.getByLabel('What they ask for').selectOption({ label: 'Access to their data' });
  await request.getByLabel('Their email').fill('RINA.DATA@example.co.id');
  await request.getByLabel('What they wrote').fill('Please tell me what you keep about me.');
  await request.getByRole('button', { name: 'Record the request' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Data request from rina.data@example.co.id',
  );
  await expect(page.getByTestId('data-request')).toContainText('Due by');
  await expect(page.getByTestId('traveller-data')).toContainText(passport);
  await expectNoAxeViolationsInThemes(page);
  const json = await page.request.get(`${page.url()}?export`);
  expect(JSON.stringify(await json.json())).toContain(passport);
});

test('in Indonesian, an agent finds a booking by a passport number and resends its e-tickets, and an admin pays its refund', async ({
  page,
}) => {
  const { code, passport } = await paidWithPassport(
    page,
    'Dewi Lestari',
    'dewi.lestari@example.co.id',
    20_000,
  );
  await signedInAdmin(page);

  await page.goto('/id/staff/bookings');
  await search(page, 'Kode booking, nama, email', passport, 'Cari');
  await expect(page.getByTestId('booking-result')).toHaveCount(1);
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Pesanan ${code}`);
  await expect(page.getByTestId('staff-booking-state')).toHaveText('Lunas');
  const resend = page.getByTestId('staff-resend');
  await resend.getByLabel('Yang dikirim').selectOption({ label: 'E-tiket' });
  await resend.getByLabel('Alasan').fill('Pelanggan kehilangan email');
  await resend.getByRole('button', { name: 'Kirim ulang' }).click();
  await expect(page).toHaveURL(/\/id\/staff\/bookings\/[\w-]+\?resent=booking_paid$/);
  await expect(page.getByTestId('staff-status')).toContainText('Masuk antrean');
  await expect(page.getByTestId('staff-history').locator('li').first()).toContainText('Email dikirim ulang');
  await expectNoAxeViolationsInThemes(page);

  await page.getByRole('link', { name: 'Pengembalian dana', exact: true }).click();
  const refund = page.getByTestId('staff-refund').filter({ hasText: code });
  await expect(refund).toContainText('lebih bayar');
  await refund.getByLabel('Nomor referensi transfer dari bank').fill('BCA-TRF-5521');
  await refund.getByRole('button', { name: 'Tandai sudah dibayar' }).click();
  await expect(page).toHaveURL(/\/id\/staff\/refunds\?paid$/);
  await expect(page.getByTestId('staff-status')).toContainText('Ditandai sudah dibayar');
  await expect(
    page.getByTestId('staff-refunds-paid').getByTestId('staff-refund').filter({ hasText: code }),
  ).toContainText('BCA-TRF-5521');
});

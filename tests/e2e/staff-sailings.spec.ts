import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { mailsFor } from './mail.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';
import { signedInAdmin } from './staff-sign-in.ts';

// Issue 37: an admin reads a day's sailings and their load, completes a passenger's manifest details at the counter,
// exports the manifest (CSV, PDF, printable page), is refused a capacity below the seats sold, and cancels the
// sailing for its operator after reading the dry run; the same screens in Indonesian. A sailing 25 days ahead, which
// no other journey books.

test('an admin exports a sailing’s manifest and cancels the sailing for its operator after its dry run', async ({
  page,
}) => {
  // A long journey (manifest, exports, dry run, cancellation, two languages, axe in both themes): 56 s alone on a
  // 2-core machine, over 90 s while another process competes for its cores.
  test.setTimeout(180_000);
  const day = daysAhead(25);
  const sailing = (await sailingsOn(page.request, [25])).at(-1);
  if (!sailing) throw new Error('no sailing with seats');
  const code = await paidBooking(
    page.request,
    page,
    sailing,
    'Hendra Gunawan',
    'hendra.gunawan@example.co.id',
  );
  await signedInAdmin(page);

  // The dashboard: the day at a glance, the week's revenue drawn, every departure behind its fold.
  await expect(page.getByRole('heading', { name: 'Today at a glance' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Revenue per day, last 7 days' })).toBeVisible();
  await page.getByText(/Every departure today/).click();
  await expect(page.getByTestId('dash-departures')).toBeVisible();
  await expectNoAxeViolationsInThemes(page);

  await page.getByRole('link', { name: 'Sailings', exact: true }).click();
  await page.getByLabel('From (Batam date)').fill(day);
  await page.getByRole('button', { name: 'Show sailings' }).click();
  const row = page.locator(`tr[data-sailing="${sailing.id}"]`);
  await expect(row).toBeVisible();
  await expectNoAxeViolationsInThemes(page);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/staff/sailings/${sailing.id}$`));
  const passenger = page.getByTestId('staff-manifest').locator('tr', { hasText: 'Hendra Gunawan' });
  await expect(passenger).toContainText('nationality, sex');
  await expectNoAxeViolationsInThemes(page);

  // At the counter, from the passport in hand: sex first forgotten (refused), then given.
  const details = passenger.getByTestId('staff-travel-document');
  await details.getByRole('button', { name: 'Save for Hendra Gunawan' }).click();
  await expect(page.getByTestId('staff-alert')).toContainText('Choose the sex printed in the passport');
  await page
    .getByTestId('staff-manifest')
    .locator('tr', { hasText: 'Hendra Gunawan' })
    .getByLabel('Sex (as in the passport)')
    .selectOption('M');
  await page
    .getByTestId('staff-manifest')
    .locator('tr', { hasText: 'Hendra Gunawan' })
    .getByRole('button', { name: 'Save for Hendra Gunawan' })
    .click();
  await expect(page.getByTestId('staff-status')).toContainText('Saved');
  await expect(
    page.getByTestId('staff-manifest').locator('tr', { hasText: 'Hendra Gunawan' }),
  ).not.toContainText('nationality, sex');

  const self = page.url().replace(/\?.*$/, '');
  const csv = await page.request.get(`${self}/manifest?format=csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(csv.headers()['cache-control']).toContain('no-store');
  const lines = (await csv.text()).split('\r\n');
  expect(lines[0]).toBe(
    'no,full_name,nationality,sex,date_of_birth,passport_number,passport_country,passport_expiry,ticket_number,e_ticket_number,category,booking_code,check_in,boarding,missing',
  );
  expect(lines.find((line) => line.includes(code))).toMatch(/,Hendra Gunawan,ID,M,\d{4}-\d{2}-\d{2},/);
  const pdf = await page.request.get(`${self}/manifest?format=pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('link', { name: 'Printable manifest' }).click();
  await expect(page.getByTestId('staff-manifest')).toContainText('Hendra Gunawan');
  await expectNoAxeViolationsInThemes(page);
  await page.goto(self);

  // A smaller vessel cannot take fewer seats than are sold.
  const capacity = page.getByTestId('staff-capacity');
  await capacity.getByLabel('Seats on the vessel').fill('0');
  await capacity.getByLabel('Reason').fill('Smaller vessel from the operator');
  await capacity.getByRole('button', { name: 'Save capacity' }).click();
  await expect(page.locator('#staff-capacity-error')).toContainText('1 to 600');

  // A delay's form, after its dry run (the delay itself: tests/integration/sailing-delay.test.ts).
  await page.getByTestId('staff-operator-delay-dry-run').click();
  await expect(page.getByTestId('staff-operator-delay-preview')).toContainText(/Travellers: \d+/);
  await expect(page.getByLabel(/New departure/)).toHaveValue(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await expectNoAxeViolationsInThemes(page);

  // The operator cancels: the dry run first, then the reason in both languages.
  await page.getByTestId('staff-operator-cancel-dry-run').click();
  await expect(page.getByTestId('staff-operator-cancel-preview')).toContainText(/Travellers: \d+/);
  await expectNoAxeViolationsInThemes(page);
  const cancel = page.getByTestId('staff-operator-cancel');
  await cancel.getByRole('button', { name: /Cancel the sailing/ }).click();
  await expect(page.locator('#operator-cancel-noticeEn-error')).toContainText('in English');
  await page.getByLabel("The operator's reason, in English").fill('Engine failure on the vessel.');
  await page.getByLabel("The operator's reason, in Indonesian").fill('Mesin kapal mengalami kerusakan.');
  await page
    .getByTestId('staff-operator-cancel')
    .getByRole('button', { name: /Cancel the sailing/ })
    .click();
  await expect(page.getByTestId('staff-status')).toContainText('Sailing cancelled. Bookings emailed:');
  await expect(page.getByTestId('staff-sailing')).toContainText('Cancelled by the operator');
  await expect(page.getByTestId('staff-operator-cancel')).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await mailsFor(code, 1)).filter((raw) => raw.includes('Engine failure on the vessel')).length,
      {
        timeout: 15_000,
      },
    )
    .toBe(1);

  // In Indonesian: the list, the sailing and its printable manifest.
  await page.goto(`/id/staff/sailings?date=${day}`);
  await expect(page.locator(`tr[data-sailing="${sailing.id}"]`)).toContainText('Dibatalkan operator');
  await expectNoAxeViolationsInThemes(page);
  await page.goto(`/id/staff/sailings/${sailing.id}`);
  await expect(page.getByRole('heading', { name: 'Manifes penumpang' })).toBeVisible();
  await expectNoAxeViolationsInThemes(page);
  await page.goto(`/id/staff/sailings/${sailing.id}/manifest`);
  await expect(page.getByTestId('staff-manifest')).toContainText('Kewarganegaraan');
  await expectNoAxeViolationsInThemes(page);
});

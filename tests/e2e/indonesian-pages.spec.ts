import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import id from '../../messages/id.json' with { type: 'json' };
import sharp from 'sharp';
import { headerLogIn, hydrated, signedUp, texts } from './account-steps.ts';
import { expectNoAxeViolations, expectNoAxeViolationsInThemes } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { bornYearsAgo, fillContact, fillPassengers } from './booking-steps.ts';
import { linkMailedTo } from './mail.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';

/**
 * The journeys run in English, with one whole Indonesian journey per area (booking.spec.ts, after-sales.spec.ts,
 * accounts.spec.ts); the Indonesian words are checked by the catalogue tests. What those Indonesian journeys do not
 * pass through is here: every page and state the English journeys check with axe, in Indonesian, reached the short
 * way (through the API where the way there is not the point).
 */
const t = texts.id;

/** A booking's id from its code and the contact e-mail, as "Find my booking" finds it. */
async function bookingId(request: APIRequestContext, code: string): Promise<string> {
  const found = await request.post('/api/bookings/lookup', {
    data: { code, email: 'rina.wijaya@example.co.id' },
  });
  return ((await found.json()) as { id: string }).id;
}

/** A one-way hold for an adult and a child, through the API; answers its id. */
async function held(request: APIRequestContext, day: number, party = { adults: 1, children: 1 }) {
  const [sailing] = await sailingsOn(request, [day]);
  const hold = await request.post('/api/bookings', { data: { out: sailing?.id, ...party } });
  return ((await hold.json()) as { id: string }).id;
}

/** A page in Indonesian: its main heading is the catalogue's (no English left on it), and it passes axe. */
async function axeAt(page: Page, path: string, heading: keyof typeof id): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(id[heading]);
  await expectNoAxeViolations(page);
}

test('the booking pages pass axe in Indonesian: a hold running out, a refused date of birth, paid, check-in, cancellation and claim', async ({
  page,
  request,
}) => {
  test.slow();
  // The hold's last minutes: the warning and "Keep my seats".
  const id = await held(request, 14);
  await page.request.post(`/e2e/hold-ends-in?id=${id}&seconds=240`);
  await page.goto(`/id/booking/${id}`);
  await expect(page.getByRole('button', { name: 'Perpanjang 20 menit' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A child's date of birth that makes them an adult, refused at its field.
  await page.request.post(`/e2e/hold-ends-in?id=${id}&seconds=1200`);
  await page.reload();
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  await page.getByTestId('flow-next').click();
  await fillPassengers(page, ['Rina Wijaya', 'Tono Wijaya'], [bornYearsAgo(40), bornYearsAgo(15)]);
  await page.getByTestId('flow-next').click();
  await expect(page.locator('#passenger-1-dateOfBirth-error')).toContainText('dewasa');
  await expectNoAxeViolations(page);

  // Paid, on a sailing whose check-in is open: the paid page with its trip card, check-in, and cancellation.
  const inWindow = (await sailingsOn(request, [0, 1])).find((sailing) => {
    const hours = (Date.parse(sailing.departure.at) - Date.now()) / 3_600_000;
    return hours > 2 && hours < 22;
  });
  if (!inWindow) throw new Error('no sailing leaves within the check-in window');
  const paid = await bookingId(request, await paidBooking(request, page, inWindow, 'Rina Wijaya'));
  await axeAt(page, `/id/booking/${paid}`, 'manage_title');
  await expect(page.getByTestId('trip-card')).toBeVisible();
  await axeAt(page, `/id/booking/${paid}/check-in`, 'checkin_title');
  // Asked for the manifest: nationality (from the passport's country) and sex as printed in the passport.
  await expect(page.getByLabel('Kewarganegaraan')).toHaveValue('ID');
  await page.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(page.getByTestId('check-in-refused')).toContainText('Pilih jenis kelamin Rina Wijaya');
  await page.getByLabel('Jenis kelamin (sesuai paspor)').selectOption('F');
  await page.getByRole('button', { name: 'Check-in', exact: true }).click();
  await expect(page.getByTestId('check-in-done')).toBeVisible(); // with the boarding pass
  await expectNoAxeViolations(page);
  const later = await bookingId(request, await paidBooking(request, page, inWindow, 'Rina Wijaya'));
  // Opened by its link alone, cancelling asks first that the booking is proven: its verify page, then the task.
  await page.goto(`/id/booking/${later}/cancellation`);
  await expect(page.getByTestId('verify-page')).toBeVisible();
  await axeAt(page, `/id/booking/${later}/verify?for=cancel`, 'access_title');
  await page.locator('#verify-email').fill('rina.wijaya@example.co.id');
  await page.getByTestId('verify-email-submit').click();
  await expect(page).toHaveURL(new RegExp(`/id/booking/${later}/cancellation$`));
  await axeAt(page, `/id/booking/${later}/cancellation`, 'cancel_title');

  // An open ticket waiting for its sailing, and the sailings of a day to claim it for.
  const open = await bookingId(request, await paidBooking(request, page, 'open ticket', 'Rina Wijaya'));
  await page.goto(`/id/booking/${open}/verify?for=claim`);
  await page.locator('#verify-email').fill('rina.wijaya@example.co.id');
  await page.getByTestId('verify-email-submit').click();
  await axeAt(page, `/id/booking/${open}/claim?date=${daysAhead(3)}`, 'claim_title');
  await expect(page.getByTestId('sailing-choice').first()).toBeVisible();
});

test('the account pages pass axe in Indonesian: the header dialog, a refused phone, password recovery, picture, Passenger list, password and deletion', async ({
  page,
}) => {
  test.slow();
  // The header's "Log in" dialog on an island page, with its login and its sign-up form.
  await page.goto('/id/booking/check-order');
  await (await headerLogIn(page, t)).click();
  const dialog = page.getByRole('dialog', { name: t.logIn });
  await expect(dialog.getByTestId('account-login')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByTestId('sign-up-link').click();
  await expect(page.getByRole('dialog', { name: t.signUp }).getByTestId('account-signUp')).toBeVisible();
  await expectNoAxeViolations(page);

  // A phone number refused at its field, with an example of the country's numbers.
  await page.goto('/id/sign-up');
  await hydrated(page);
  const form = page.getByTestId('account-signUp');
  await form.getByRole('textbox', { name: /nomor telepon/i }).fill('0812');
  await form.locator('#account-password').fill('kapal');
  await form.getByRole('button', { name: t.signUp }).click();
  // One reason per field, a full stop before its example; the password's missing rules as a list.
  await expect(form.locator('#account-phone-error')).toHaveText(
    /^Nomor telepon terlalu pendek untuk negara ini\. Contoh: [\d-]+$/,
  );
  await expect(form.locator('#account-fullName-error')).toHaveText('Nama lengkap wajib diisi');
  await expect(form.locator('#account-password-error > p')).toHaveText('Kata sandi masih memerlukan:');
  await expect(form.locator('#account-password-error li')).toHaveText([
    'Minimal 8 karakter',
    'Huruf besar (A-Z)',
    'Angka (0-9)',
    'Karakter khusus, misalnya ! # - atau @',
  ]);
  await expectNoAxeViolationsInThemes(page);
  // Without script, no browser bubble (in the browser's own language) stops the post: the server answers in
  // Indonesian, with the same one reason per field.
  const plain = await page.context().browser()?.newContext({ javaScriptEnabled: false, locale: 'en-GB' });
  const noScript = await plain?.newPage();
  if (!plain || !noScript) throw new Error('no browser context');
  await noScript.goto(page.url());
  await noScript.getByRole('textbox', { name: /nomor telepon/i }).fill('0812');
  await noScript.getByRole('button', { name: t.signUp }).click();
  await expect(noScript.locator('#account-fullName-error')).toHaveText('Nama lengkap wajib diisi');
  await expect(noScript.locator('#account-phone-error')).toHaveText(
    /^Nomor telepon terlalu pendek untuk negara ini\. Contoh: /,
  );
  await plain.close();

  // An account; its forgotten password asked for, and the e-mailed link's page.
  const email = `sari.id.${String(Date.now())}@example.com`;
  await signedUp(page, t, email);
  await page.context().clearCookies();
  await axeAt(page, '/id/forgot-password', 'forgot_title');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: t.sendLink }).click();
  await expect(page.getByTestId('account-sent')).toContainText(t.resetSent);
  await axeAt(page, await linkMailedTo(email, '/new-password'), 'new_password_title');
  await expect(page.getByLabel('Kata sandi baru')).toBeVisible();
  // The page an address proof's button leads to (google-sign-in.spec.ts presses it, in Indonesian, with axe).
  await axeAt(page, '/id/confirm-address?done', 'prove_title');
  await expect(page.getByTestId('account-notice')).toHaveText(id.prove_done);

  // Logged in again: a picture being cropped on My account.
  await signedUp(page, t, `sari.${String(Date.now())}@example.com`);
  const red = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#ff0000' } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('avatar-form').getByLabel('Pilih foto').setInputFiles({
    name: 'pantai.jpg',
    mimeType: 'image/jpeg',
    buffer: red,
  });
  await expect(page.getByLabel(/^Area potong/)).toBeVisible();
  await expectNoAxeViolations(page);
  await axeAt(page, '/id/passenger-list', 'passenger_list_title');
  await expect(page.getByTestId('passenger-empty')).toHaveText(t.noPassenger);

  // A holder's booking: the passengers step offers the Passenger list.
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'segara_csrf')?.value ?? '';
  const saved = await page.request.post('/api/passengers', {
    headers: { 'X-CSRF-Token': csrf, Origin: new URL(page.url()).origin },
    data: {
      fullName: 'Sari Lestari',
      dateOfBirth: '1990-10-10',
      passportNumber: 'E7654321',
      passportIssued: '2022-03-03',
      passportExpiry: '2032-03-02',
      passportCountry: 'ID',
    },
  });
  expect(saved.status()).toBe(201);
  await page.goto(`/id/booking/${await held(page.request, 6, { adults: 1, children: 0 })}`);
  await hydrated(page);
  await page.getByTestId('flow-next').click();
  await expect(page.getByTestId('passenger-0-saved')).toBeVisible();
  await expectNoAxeViolations(page);

  // The Passenger list and its form; then changing the password and deleting the account.
  await axeAt(page, '/id/passenger-list', 'passenger_list_title');
  await expect(page.getByTestId('saved-passenger')).toHaveCount(1);
  await axeAt(page, '/id/passenger-list/new', 'passenger_form_new');
  await hydrated(page);
  await axeAt(page, '/id/my-account/change-password', 'change_password_title');
  await hydrated(page);
  await axeAt(page, '/id/my-account/delete', 'account_delete_title');
  await hydrated(page);
  await expect(page.getByTestId('account-deleteAccount')).toBeVisible();
});

test('the next step opens below the sticky header, not under it, with the demo banner wrapped on a phone', async ({
  page,
}) => {
  await page.goto(`/id/booking/schedule?from=BTC&to=HFC&date=${daysAhead(12)}&adults=2`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/id\/booking\/[\w-]{24}$/);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  // "Next" scrolls the form to the new step's start: its first line must show below the header.
  await page.getByTestId('flow-next').click();
  const steps = page.locator('#booking-flow ol');
  await expect(page.locator('[name="passengers.0.fullName"]')).toBeFocused();
  const header = await page.locator('header').boundingBox();
  expect(header?.height).toBeGreaterThan(100); // 64 px of header and a banner of 3 lines
  await expect
    .poll(async () => (await steps.boundingBox())?.y ?? 0)
    .toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { publicKeysFromJwkSet } from '../../src/server/boarding-pass/jwk.ts';
import { verifyBoardingPass } from '../../src/server/boarding-pass/signing.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';

// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const email = 'rina.wijaya@example.co.id';

/** What a QR code drawn on the page says, read from a screenshot of it as a phone's camera would. */
async function qrText(image: Locator): Promise<string | undefined> {
  const { data, info } = await sharp(await image.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

/** Opens a booking as a guest (Check order) and waits until the phone has kept it for My trips; answers its id. */
async function openAsGuest(page: Page, code: string): Promise<string> {
  await page.goto('/booking/check-order');
  await page.locator('[name="code"]').fill(code);
  await page.locator('[name="email"]').fill(email);
  await page.getByTestId('check-order-submit').click();
  await expect(page.getByTestId('trip-saved')).toBeVisible();
  return /booking\/([\w-]{24})/.exec(page.url())?.[1] ?? '';
}

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
}

test('en: the trips this phone opened open in airplane mode, with passes that scan, and learn of a cancellation', async ({
  page,
  context,
  request,
}) => {
  // Two bookings paid and opened, a check-in, a cancellation: a long journey on a busy machine.
  test.slow();
  const sailings = await sailingsOn(request, [0, 1, 3]);
  const soon = sailings.find((sailing) => {
    const hours = (Date.parse(sailing.departure.at) - Date.now()) / 3_600_000;
    return hours > 2 && hours < 22;
  });
  const later = sailings.find((sailing) => Date.parse(sailing.departure.at) - Date.now() > 48 * 3_600_000);
  if (!soon || !later) throw new Error('no sailing in the check-in window, or none two days ahead');
  const checkedInCode = await paidBooking(request, page, soon, 'Rina Wijaya');
  const cancelledCode = await paidBooking(request, page, later, 'Bayu Santoso');

  const checkedInId = await openAsGuest(page, checkedInCode);
  const trip = (await (await page.request.get(`/api/bookings/${checkedInId}/trip`)).json()) as {
    passengers: { tickets: { number: string }[] }[];
  };
  const ticket = trip.passengers[0]?.tickets[0]?.number ?? '';
  const checkIn = await page.request.post(`/api/bookings/${checkedInId}/check-in`, {
    data: { tickets: [ticket] },
  });
  expect(checkIn.status()).toBe(200);
  const cancelledId = await openAsGuest(page, cancelledCode);
  const keys = publicKeysFromJwkSet(await (await request.get('/api/boarding-pass/keys')).json());

  await page.goto('/my-trips');
  await waitForServiceWorker(page);
  await expect(page.getByTestId('my-trips')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('my-trip')).toHaveCount(2);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('my-trips-status')).toHaveText(
    'You are offline: this is what this phone saved.',
  );
  const checkedIn = page.locator(`[data-booking-code="${checkedInCode}"]`);
  await expect(checkedIn).toContainText('Last updated');
  await expect(checkedIn).toContainText('Boarding gate closes');
  await checkedIn.getByTestId('trip-e-ticket').locator('summary').click();
  expect(await qrText(checkedIn.getByTestId('trip-e-ticket-qr'))).toMatch(
    new RegExp(`^SEGARA\\|${checkedInCode}\\|`),
  );
  await checkedIn.getByTestId('trip-boarding-pass').locator('summary').click();
  const verified = verifyBoardingPass(
    (await qrText(checkedIn.getByTestId('trip-boarding-pass-qr'))) ?? '',
    keys,
  );
  expect(verified.ok && verified.pass.ticketNumber).toBe(ticket);
  await expectNoAxeViolationsInThemes(page);

  // Back online, the ticket cancelled meanwhile (on another device) shows as cancelled, with no pass left to show.
  await context.setOffline(false);
  const cancelledTrip = (await (
    await page.request.get(`/api/bookings/${cancelledId}/trip`)
  ).json()) as typeof trip;
  const lookup = await request.post('/api/bookings/lookup', { data: { code: cancelledCode, email } });
  const { access } = (await lookup.json()) as { access: string };
  const cancel = await request.post(`/api/bookings/${cancelledId}/cancellation`, {
    headers: { 'X-Booking-Access': access },
    data: {
      tickets: [cancelledTrip.passengers[0]?.tickets[0]?.number],
      bank: 'BCA',
      accountNumber: '1234567890',
      accountHolder: 'Bayu Santoso',
      agree: true,
    },
  });
  expect(cancel.status()).toBe(200);
  await page.reload();
  const cancelled = page.locator(`[data-booking-code="${cancelledCode}"]`);
  await expect(cancelled.getByTestId('trip-ticket-state')).toContainText('Cancelled');
  await expect(cancelled.getByTestId('trip-e-ticket')).toHaveCount(0);

  // Removed from this phone: gone from My trips, the other booking kept.
  await cancelled.getByTestId('my-trip-remove').click();
  await expect(page.getByTestId('my-trip')).toHaveCount(1);
});

test('id: My trips reads the kept trip in Indonesian, and says when the phone has none', async ({ page }) => {
  // Check order says where the bookings it opens are kept.
  await page.goto('/id/booking/check-order');
  await page.getByTestId('my-trips-link').getByRole('link', { name: 'Buka Perjalanan saya' }).click();
  await expect(page).toHaveURL(/\/id\/my-trips$/);
  await expect(page.getByTestId('my-trips-empty')).toContainText('Belum ada perjalanan di ponsel ini');
  await expect(page.locator('h1')).toHaveText('Perjalanan saya');
});

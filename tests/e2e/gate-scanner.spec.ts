import { expect, test, type APIRequestContext } from '@playwright/test';
import { portTime } from '../../src/domain/port-time.ts';
import { qrPng } from '../../src/server/documents/qr.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { paidBooking, sailingsOn } from './paid-booking.ts';
import { signedInAdmin } from './staff-sign-in.ts';

// The service worker keeps the scanner for a reload without a connection (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const email = 'rina.wijaya@example.co.id';

interface Trip {
  passengers: { tickets: { number: string; boardingPass?: { text: string } }[] }[];
}

/** A paid booking found by its code, checked in: its id, access grant and ticket. */
async function checkedIn(request: APIRequestContext, code: string) {
  const found = (await (await request.post('/api/bookings/lookup', { data: { code, email } })).json()) as {
    id: string;
    access: string;
  };
  const trip = await tripOf(request, found);
  const ticket = trip.passengers[0]?.tickets[0]?.number ?? '';
  const checkIn = await request.post(`/api/bookings/${found.id}/check-in`, {
    headers: { 'X-Booking-Access': found.access },
    data: { tickets: [ticket] },
  });
  expect(checkIn.status()).toBe(200);
  return { ...found, ticket };
}

const tripOf = async (request: APIRequestContext, booking: { id: string; access: string }) =>
  (await (
    await request.get(`/api/bookings/${booking.id}/trip`, { headers: { 'X-Booking-Access': booking.access } })
  ).json()) as Trip;

/** The QR text of the booking's boarding pass as the traveller's phone shows it now. */
async function passOf(request: APIRequestContext, booking: { id: string; access: string }) {
  const pass = (await tripOf(request, booking)).passengers[0]?.tickets[0]?.boardingPass?.text ?? '';
  expect(pass).not.toBe('');
  return pass;
}

/** `2026-11-28T09:30` on Batam's clock: how the console's delay form takes a time. */
function batamWallClock(instant: number): string {
  const { date, time } = portTime(new Date(instant), 'Asia/Jakarta');
  return `${date}T${time}`;
}

/** The pass as a photo of its QR code, the way the scanner's "Scan a photo" takes it. */
/** A photo is read and judged on the phone: on a busy 2-core machine running two browsers that can take a while. */
const scanned = { timeout: 15_000 };

const photoOf = async (text: string) => ({
  name: 'boarding-pass.png',
  mimeType: 'image/png',
  buffer: Buffer.from(await qrPng(text)),
});

test('en: the gate boards a valid pass once and refuses a superseded one with no connection, then sends its boardings', async ({
  page,
  context,
  request,
}) => {
  // Two bookings paid and checked in, the sailing delayed, a device added and enrolled: a long journey.
  test.slow();
  const sailings = await sailingsOn(request, [0, 1]);
  const soon = sailings.find((sailing) => {
    const hours = (Date.parse(sailing.departure.at) - Date.now()) / 3_600_000;
    return hours > 2.5 && hours < 22;
  });
  if (!soon) throw new Error('no sailing in the check-in window');
  const boarding = await checkedIn(request, await paidBooking(request, page, soon, 'Rina Wijaya'));
  const superseded = await checkedIn(request, await paidBooking(request, page, soon, 'Bayu Santoso'));
  const oldPass = await passOf(request, superseded);

  // An admin adds the gate's phone in the console and reads its set-up code; signed in on the phone, it is enrolled.
  await signedInAdmin(page);
  await page.goto('/staff/gate-devices');
  await page.getByLabel('Name (where it is used)').fill('Gate 2, Batam Centre');
  await page.getByTestId('gate-device-add').click();
  const device = page.getByTestId('gate-device').filter({ hasText: 'Gate 2, Batam Centre' });
  const code = (await device.getByTestId('gate-device-code').textContent())?.trim() ?? '';
  await expectNoAxeViolationsInThemes(page);
  // The operator delays the sailing by half an hour: passes issued before name the old departure and stop holding;
  // checked in, a traveller's phone shows the new pass (what the delay's mail tells them to open).
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'segara_csrf')?.value ?? '';
  const delay = await page.request.post(`/api/staff/sailings/${soon.id}/delay`, {
    headers: { 'X-CSRF-Token': csrf, Origin: new URL(page.url()).origin },
    data: {
      departure: batamWallClock(Date.parse(soon.departure.at) + 30 * 60_000),
      noticeEn: 'The vessel leaves 30 minutes late.',
      noticeId: 'Kapal berangkat 30 menit terlambat.',
    },
  });
  expect(delay.status()).toBe(200);
  const boardingPass = await passOf(page.request, boarding);
  await page.getByRole('link', { name: 'Scan at the gate' }).click();
  await expect(page.getByTestId('gate-scanner')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Set-up code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Set up this phone' }).click();
  await expect(page.getByText('This phone: Gate 2, Batam Centre')).toBeVisible();
  await page
    .locator(`[data-sailing-id="${soon.id}"]`)
    .getByRole('button', { name: 'Board this sailing' })
    .click();
  const station = page.getByTestId('gate-station');
  await expect(station).toHaveAttribute('data-sailing-id', soon.id);
  await expect(page.getByTestId('gate-connection')).toContainText('Online. Passenger list updated at');

  // Opened again once the service worker runs, the scanner is kept for use without a connection.
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await page.reload();
  await expect(station).toHaveAttribute('data-sailing-id', soon.id);

  // The terminal's network is gone, and the phone's browser reloads the tab: the phone judges passes with what it kept.
  await context.setOffline(true);
  await page.reload();
  await expect(station).toHaveAttribute('data-sailing-id', soon.id);
  await expect(page.getByTestId('gate-connection')).toContainText(
    'Offline: scanning with the passenger list',
  );
  const result = page.getByTestId('gate-result');
  await page.getByTestId('gate-photo').setInputFiles(await photoOf(boardingPass));
  await expect(result).toHaveAttribute('data-verdict', 'board', scanned);
  await expect(result).toContainText('Check the passport: initials RW');
  await expect(result).toContainText(`Ticket ${boarding.ticket}`);
  await expect(page.getByTestId('gate-queue')).toHaveText('Boardings waiting to be sent: 1');
  await page.getByTestId('gate-photo').setInputFiles(await photoOf(boardingPass));
  await expect(result).toHaveAttribute('data-verdict', 'already-boarded', scanned);
  await expect(result).toContainText('Scanned twice: this ticket has boarded already.');
  await page.getByTestId('gate-photo').setInputFiles(await photoOf(oldPass));
  await expect(result).toHaveAttribute('data-verdict', 'delayed', scanned);
  await expect(result).toContainText('Do not board');
  await expect(result).toContainText('Check the passport: initials BS');
  await expect(page.getByTestId('gate-queue')).toHaveText('Boardings waiting to be sent: 1');
  await expectNoAxeViolationsInThemes(page);

  // Back online, the queued boarding goes up once, and the kept list says the ticket boarded.
  const uploads: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/api/gate/boardings'))
      uploads.push(sent.postData() ?? '');
  });
  await context.setOffline(false);
  await expect(page.getByTestId('gate-queue')).toHaveText('Every boarding has been sent.');
  expect(uploads).toHaveLength(1);
  expect((JSON.parse(uploads[0] ?? '{}') as { marks: { ticketNumber: string }[] }).marks).toEqual([
    expect.objectContaining({ ticketNumber: boarding.ticket, sailingId: soon.id }),
  ]);
  const kept = await page.evaluate(() => localStorage.getItem('segara.gate.v1') ?? '{}');
  const { device: enrolled, sailing } = JSON.parse(kept) as {
    device: { token: string };
    sailing: { manifest: { ticketNumber: string; boarded: boolean }[] };
  };
  expect(sailing.manifest.find((row) => row.ticketNumber === boarding.ticket)?.boarded).toBe(true);
  const onServer = (await (
    await page.request.get(`/api/gate/sailings/${soon.id}`, {
      headers: { Authorization: `Bearer ${enrolled.token}` },
    })
  ).json()) as typeof sailing;
  expect(onServer.manifest.find((row) => row.ticketNumber === boarding.ticket)?.boarded).toBe(true);
  await page.getByTestId('gate-photo').setInputFiles(await photoOf(boardingPass));
  await expect(result).toHaveAttribute('data-verdict', 'already-boarded', scanned);
  expect(uploads).toHaveLength(1);
});

test('id: the scanner asks for the set-up code in Indonesian', async ({ page }) => {
  await signedInAdmin(page);
  await page.goto('/id/staff/scan');
  await expect(page.locator('h1')).toHaveText('Pindai di pintu boarding');
  await expect(page.getByLabel('Kode penyiapan')).toBeVisible();
});

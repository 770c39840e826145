import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { fillContact, fillPassengers } from './booking-steps.ts';

const t = {
  prefix: '',
  title: 'Your trip',
  outbound: 'Outbound',
  received: 'Payment received',
  checkIn: 'Check-in closes',
  calendar: 'Add to calendar (.ics)',
  map: 'Map of Batam Centre',
  counter: 'Counter 7',
  summary: 'SUMMARY:Ferry Batam Centre → HarbourFront Centre',
} as const;
type Words = typeof t;

/** `06:00 WIB` minus `minutes`, as the card shows it (the first sailings of a day leave well after 01:00). */
function before(clock: string, minutes: number): string {
  const [hours = 0, mins = 0] = clock.split(' ')[0]?.split(':').map(Number) ?? [];
  const total = hours * 60 + mins - minutes;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)} WIB`;
}

/** A one-way Batam Centre -> HarbourFront booking for one adult, paid in the sandbox simulator; on its paid page. */
async function paidBooking(
  page: Page,
  prefix: string,
  day: number,
): Promise<{ code: string; paidUrl: string }> {
  await page.goto(`${prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(day)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  const code = (await page.getByTestId('booking-code').textContent()) ?? '';
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  await page.getByTestId('flow-next').click();
  await fillPassengers(page, ['Rina Wijaya']);
  await page.getByTestId('flow-next').click();
  await page.getByTestId('flow-next').click();
  await expect(page).toHaveURL(/\/payment$/);
  await page.locator('input[name="method"][value="bni"]').check();
  await page.locator('input[name="agree"]').check();
  await page.getByTestId('pay').click();
  await expect(page.getByTestId('va-number')).toHaveText(/^\d{16}$/);
  const paidUrl = page.url();
  await page.getByTestId('sandbox-link').click();
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-result')).toHaveAttribute('data-outcome', 'confirmed');
  await page.goto(paidUrl);
  return { code, paidUrl };
}

/** The card's first leg: Batam times, both deadlines counted back from the departure, where to go, and its links. */
async function expectTripCard(page: Page, t: Words): Promise<Locator> {
  const card = page.getByTestId('trip-card');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(t.title);
  const leg = card.getByTestId('trip-leg-1');
  await expect(leg.getByRole('heading', { level: 3 })).toContainText(t.outbound);
  const departure = (await leg.getByTestId('trip-departure').textContent())?.trim() ?? '';
  expect(departure).toMatch(/^\d{2}:\d{2} WIB$/);
  await expect(leg.getByTestId('trip-arrival')).toHaveText(/^\d{2}:\d{2} SGT$/);
  await expect(leg.getByTestId('trip-check-in')).toHaveText(before(departure, 60));
  await expect(leg.getByTestId('trip-gate')).toHaveText(before(departure, 30));
  await expect(leg.getByText(t.checkIn, { exact: true })).toBeVisible();
  await expect(leg.getByTestId('trip-counter')).toContainText(t.counter);
  const map = leg.getByRole('link', { name: t.map });
  await expect(map).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Batam%20Centre/,
  );
  await expect(leg.getByTestId('trip-calendar')).toContainText(t.calendar);
  // Server-rendered: the card brings no island of its own.
  await expect(card.locator('astro-island')).toHaveCount(0);
  return leg;
}

async function expectAxeInBothThemes(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  // Loaded afresh in the dark scheme: switching on a loaded page would measure colours mid-transition.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('trip-card')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'light' });
}

test(`en: a paid booking shows its trip card on the paid page and on the order page, with a calendar file per leg`, async ({
  page,
}) => {
  test.slow();
  const { code } = await paidBooking(page, t.prefix, 15);
  await expect(page.getByTestId('payment-received')).toHaveText(t.received);
  const leg = await expectTripCard(page, t);

  const calendar = await page.request.get(
    (await leg.getByTestId('trip-calendar').getAttribute('href')) ?? '',
  );
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(calendar.headers()['content-disposition']).toContain(`segara-ferry-${code}-leg-1.ics`);
  const ics = (await calendar.text()).replaceAll('\r\n ', '');
  expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
  expect(ics).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
  expect(ics).toContain(`${t.summary} (${code})`);

  const pdf = await page.request.get(
    (await page.getByTestId('trip-card').getByTestId('trip-e-ticket').getAttribute('href')) ?? '',
  );
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await expectAxeInBothThemes(page);

  await page.goto(`${t.prefix}/booking/check-order`);
  await page.locator('#code').fill(code);
  await page.locator('#email').fill('dewi.lestari@example.co.id');
  await page.getByTestId('check-order-submit').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  await expectTripCard(page, t);
  await expectAxeInBothThemes(page);
});

test('an unpaid booking has no calendar file to give', async ({ page }) => {
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(17)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  const response = await page.request.get(`${new URL(page.url()).pathname}/leg-1.ics`);
  expect(response.status()).toBe(404);
  await expect(page.getByTestId('trip-card')).toHaveCount(0);
});

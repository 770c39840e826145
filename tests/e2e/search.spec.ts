import { expectNoAxeViolations } from './axe.ts';
import { expect, test, type Page } from '@playwright/test';
import { daysAhead } from './batam-dates.ts';

const t = {
  path: '/booking/schedule',
  from: 'From',
  to: 'To',
  departure: 'Departure date',
  returnDate: 'Return date',
  twoWay: 'Two way',
  search: 'Search ferries',
  chooseOut: 'Choose this departure',
  chooseRet: 'Choose this return',
  continue: 'Continue',
  total: /^IDR \d{1,3}(,\d{3})+$/,
  held: 'Seats held',
  openLeg: 'Open ticket, Johor Straits Ferry: choose the sailing later',
  adults: 'Adults',
  infants: 'Infants',
  infantsError: 'Each infant travels with an adult: no more infants than adults',
} as const;
type Words = typeof t;

async function chooseTwoWayTrip(page: Page, t: Words) {
  await page.getByText(t.twoWay, { exact: true }).click();
  await page.getByLabel(t.from, { exact: true }).selectOption('BTC');
  await page.getByLabel(t.to, { exact: true }).selectOption('HFC');
  await page.getByLabel(t.departure, { exact: true }).fill(daysAhead(3));
  await page.getByLabel(t.returnDate, { exact: true }).fill(daysAhead(5));
  await page.getByRole('button', { name: t.search }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Batam Centre');
  await page.getByRole('radio', { name: new RegExp(`${t.chooseOut}.*08:00 WIB`) }).check();
  await page.getByRole('radio', { name: new RegExp(`${t.chooseRet}.*14:00 SGT`) }).check();
  await page.getByRole('button', { name: t.continue }).click();
  // Continue holds the seats and opens the booking at its unguessable address.
  await expect(page).toHaveURL(new RegExp(`${t.path.replace('/schedule', '')}/[\\w-]{24}$`));
  await expect(page.getByTestId('booking-code')).toHaveText(/^[A-HJ-NP-Z2-9]{6}$/);
  await expect(page.getByTestId('booking-status')).toContainText(t.held);
  await expect(page.getByText('08:00 WIB → 10:00 SGT')).toBeVisible();
  await expect(page.getByText('14:00 SGT → 14:00 WIB')).toBeVisible();
  await expect(page.getByTestId('booking-total')).toHaveText(t.total);
}

test(`en: a traveller finds and chooses a two way trip with JavaScript`, async ({ page }) => {
  await page.goto(t.path);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2); // search form + notifications hydrated
  await chooseTwoWayTrip(page, t);
  await expectNoAxeViolations(page);
});

test(`en: the same works without JavaScript`, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(t.path);
  await chooseTwoWayTrip(page, t);
  await context.close();
});

test(`en: an open ticket is held without a sailing, and without JavaScript`, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${t.path}?trip=open&from=HBB&to=PTH&adults=2`);
  await page.getByRole('button', { name: t.continue }).click();
  await expect(page.getByTestId('booking-code')).toBeVisible();
  await expect(page.getByText(t.openLeg)).toBeVisible();
  await context.close();
});

test(`en: the form explains a wrong party before sending it`, async ({ page }) => {
  await page.goto(t.path);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
  await page.getByLabel(t.from, { exact: true }).selectOption('HBB');
  await page.getByLabel(t.to, { exact: true }).selectOption('PTH');
  await page.getByLabel(t.departure, { exact: true }).fill(daysAhead(2));
  await page.getByRole('spinbutton', { name: new RegExp(`^${t.infants}`) }).fill('3');
  await page.getByRole('button', { name: t.search }).click();
  await expect(page.getByText(t.infantsError)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${t.path}$`)); // nothing was sent
});

test('only valid destinations are offered once the form is interactive', async ({ page }) => {
  await page.goto('/booking/schedule');
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
  await page.getByLabel('From', { exact: true }).selectOption('SKP');
  const options = await page.getByLabel('To', { exact: true }).locator('option').allTextContents();
  expect(options).toEqual(['Choose a terminal', 'HarbourFront Centre']);
});

test('a bad query answers 400 with the error next to its field, in Indonesian', async ({ page }) => {
  const response = await page.goto('/id/booking/schedule?from=BTC&to=HFC&date=2020-01-01');
  expect(response?.status()).toBe(400);
  await expect(page.getByText('Tanggal keberangkatan sudah lewat')).toBeVisible();
});

for (const path of ['/booking/schedule', '/id/booking/schedule']) {
  test(`${path} with results passes axe`, async ({ page }) => {
    await page.goto(
      `${path}?trip=two_way&from=BTC&to=HFC&date=${daysAhead(2)}&returnDate=${daysAhead(4)}&adults=2&children=1`,
    );
    await expect(page.locator('astro-island:not([ssr])')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });
}

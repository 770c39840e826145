import { expect, test, type Page, type Route } from '@playwright/test';
import { daysAhead } from './batam-dates.ts';
import { fillContact } from './booking-steps.ts';

/**
 * Forms never lose what a person typed: not when the island hydrates late (a slow phone network), and not when
 * the language is switched in the middle of a form or on the results page.
 */

/** Holds every script until `release()`: the page is usable as server-rendered HTML, the islands not hydrated. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\.js(\?.*)?$/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

/** A search form field by its name (labels carry hints, so names are the steadier handle). */
const field = (page: Page, name: string) => page.locator(`#search-form [name="${name}"]`);

const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('the home search keeps what was typed before its island hydrated', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/');
  await page.getByText('Two way', { exact: true }).click();
  await field(page, 'from').selectOption('BTC');
  await field(page, 'to').selectOption('HFC');
  await field(page, 'date').fill(daysAhead(3));
  await field(page, 'returnDate').fill(daysAhead(6));
  await field(page, 'adults').fill('3');
  await expect(page.locator('astro-island[ssr]').first()).toBeAttached(); // still the server's HTML
  await release();
  await hydrated(page);
  await expect(field(page, 'from')).toHaveValue('BTC');
  await expect(field(page, 'to')).toHaveValue('HFC');
  await expect(field(page, 'date')).toHaveValue(daysAhead(3));
  await expect(field(page, 'returnDate')).toHaveValue(daysAhead(6));
  await expect(field(page, 'adults')).toHaveValue('3');
  await expect(page.getByRole('radio', { name: 'Two way' })).toBeChecked();
  await page.getByRole('button', { name: 'Search ferries' }).click();
  await expect(page).toHaveURL(/trip=two_way&from=BTC&to=HFC.*adults=3/);
});

test('the booking contact step keeps what was typed before hydration, and the draft survives a language switch', async ({
  page,
}) => {
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(10)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  const bookingUrl = page.url();

  const release = await holdScripts(page);
  await page.goto(bookingUrl);
  await page.locator('[name="contact.fullName"]').fill('Dewi Lestari');
  await page.locator('[name="contact.email"]').fill('dewi.lestari@example.co.id');
  await page.locator('[name="contact.phone"]').fill('0812 3456 7890');
  await release();
  await hydrated(page);
  await expect(page.locator('[name="contact.fullName"]')).toHaveValue('Dewi Lestari');
  await expect(page.locator('[name="contact.email"]')).toHaveValue('dewi.lestari@example.co.id');
  await expect(page.locator('[name="contact.phone"]')).toHaveValue('0812 3456 7890');

  // Mid-form, the traveller switches to Indonesian: the same booking, the same typed contact.
  await page.locator('[name="contact.fullName"]').fill('Dewi Lestari Putri');
  await page.locator('[data-locale-switch="id"]').click();
  await expect(page).toHaveURL(/\/id\/booking\/[\w-]{24}$/);
  await hydrated(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'id');
  await expect(page.locator('[name="contact.fullName"]')).toHaveValue('Dewi Lestari Putri');
  await expect(page.locator('[name="contact.phone"]')).toHaveValue('0812 3456 7890');
  // The draft was for that one switch: nothing of it stays in the tab's storage.
  expect(await page.evaluate(() => Object.keys(sessionStorage))).toEqual([]);
});

test('the booking flow keeps its step and what was typed through a reload, and Back goes one step back', async ({
  page,
}) => {
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(11)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  const bookingUrl = page.url();
  await hydrated(page);
  const contactName = page.locator('[name="contact.fullName"]');
  const passengerName = page.locator('[name="passengers.0.fullName"]');
  await fillContact(page);
  // A reload mid-step: what was typed, not yet saved, is still there.
  await page.reload();
  await hydrated(page);
  await expect(contactName).toHaveValue('Dewi Lestari');
  await expect(page.locator('[name="contact.phone"]')).toHaveValue('0812 3456 7890');
  await page.getByTestId('flow-next').click();
  await passengerName.fill('Rina Wijaya');
  // A reload on the passengers step stays on it, with the name typed.
  await page.reload();
  await hydrated(page);
  await expect(passengerName).toBeVisible();
  await expect(passengerName).toHaveValue('Rina Wijaya');
  await expect(contactName).toBeHidden();
  // The phone's Back button: one step back, still in the flow, still the same booking.
  await page.goBack();
  await expect(contactName).toBeVisible();
  await expect(contactName).toHaveValue('Dewi Lestari');
  await expect(passengerName).toBeHidden();
  expect(page.url()).toBe(bookingUrl);
  await page.goForward();
  await expect(passengerName).toHaveValue('Rina Wijaya');
});

test('switching language on the results page keeps the search and its results', async ({ page }) => {
  const query = `trip=one_way&from=BTC&to=HFC&date=${daysAhead(4)}&adults=2`;
  await page.goto(`/booking/schedule?${query}`);
  await expect(page.locator('input[name="out"]').first()).toBeAttached();
  await page.locator('[data-locale-switch="id"]').click();
  await expect(page).toHaveURL(`/id/booking/schedule?${query}`);
  await expect(page.locator('input[name="out"]').first()).toBeAttached();
  await hydrated(page);
  await expect(field(page, 'adults')).toHaveValue('2');
});

test('a search typed on the home page but not sent survives the language switch', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await field(page, 'from').selectOption('SKP');
  await field(page, 'to').selectOption('HFC');
  await field(page, 'date').fill(daysAhead(2));
  await page.locator('[data-locale-switch="id"]').click();
  await expect(page).toHaveURL(/\/id$/);
  await hydrated(page);
  await expect(field(page, 'from')).toHaveValue('SKP');
  await expect(field(page, 'to')).toHaveValue('HFC');
  await expect(field(page, 'date')).toHaveValue(daysAhead(2));
});

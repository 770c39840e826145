import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { fillContact, fillPassengers } from './booking-steps.ts';

const t = {
  prefix: '',
  keep: 'Keep my seats for 20 more minutes',
  again: 'Hold the same sailings again',
} as const;

/** Holds the first sailing of a day for one adult; answers the booking page's id. */
async function hold(page: Page, prefix: string, day: number): Promise<string> {
  await page.goto(`${prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(day)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  return page.url().split('/').pop() ?? '';
}

const endsIn = (page: Page, id: string, seconds: number) =>
  page.request.post(`/e2e/hold-ends-in?id=${id}&seconds=${String(seconds)}`);

test(`en: a hold warns in its last minutes, keeps the seats once, and offers the same sailings when it ends`, async ({
  page,
}) => {
  const id = await hold(page, t.prefix, 14);
  await expect(page.getByTestId('hold-timer')).toContainText(/\b(19|20):\d{2}\b/);
  await expect(page.getByTestId('hold-warning')).toHaveCount(0);

  await endsIn(page, id, 240);
  await page.reload();
  await expect(page.getByTestId('hold-warning')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('hold-warning')).toBeVisible();
  await expectNoAxeViolations(page);
  // Typed but not saved yet: "Keep my seats" reloads the page, and the typing comes along.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await page.locator('[name="contact.fullName"]').fill('Dewi Lestari');
  await page.getByRole('button', { name: t.keep }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  await expect(page.locator('[name="contact.fullName"]')).toHaveValue('Dewi Lestari');
  await expect(page.getByTestId('hold-timer')).toContainText(/\b2[34]:\d{2}\b/);
  await expect(page.getByTestId('hold-warning')).toHaveCount(0);

  // Kept once: near its new end the warning shows without the button.
  await endsIn(page, id, 200);
  await page.reload();
  await expect(page.getByTestId('hold-warning')).toBeVisible();
  await expect(page.getByRole('button', { name: t.keep })).toHaveCount(0);

  // The end, while the page is open: the same sailings can be held again (the seats are free).
  await endsIn(page, id, 3);
  await page.reload();
  await expect(page.getByTestId('hold-lapsed')).toBeVisible({ timeout: 10_000 });
  await page.getByRole('button', { name: t.again }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  expect(page.url()).not.toContain(id);
  await expect(page.getByTestId('hold-timer')).toBeVisible();
  // What was typed on the lapsed hold (never saved) came along to the new one.
  await expect(page.locator('[name="contact.fullName"]')).toHaveValue('Dewi Lestari');
});

test('without JavaScript the warning and "Keep my seats" work as a plain form', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const id = await hold(page, '', 15);
  await endsIn(page, id, 240);
  await page.reload();
  await expect(page.getByTestId('hold-warning')).toBeVisible();
  await page.getByRole('button', { name: t.keep }).click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  await expect(page.getByTestId('hold-warning')).toHaveCount(0);
  await expect(page.getByTestId('hold-timer')).toContainText(/\b2[34]:\d{2}\b/);
  await context.close();
});

test('choosing again after going back releases the first hold and keeps what was typed on it', async ({
  page,
}) => {
  const first = await hold(page, '', 16);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  await page.getByTestId('flow-next').click();
  await fillPassengers(page, ['Rina Wijaya']);
  await page.getByTestId('flow-next').click(); // saved on the server
  await expect(page.getByTestId('booking-summary')).toContainText('Rina Wijaya');
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(16)}&adults=1`);
  await page.locator('input[name="out"]').last().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  expect(page.url()).not.toContain(first);
  await expect(page.getByTestId('hold-timer')).toBeVisible();
  // What was typed on the first hold came along.
  await expect(page.getByTestId('booking-summary')).toContainText('Rina Wijaya');

  await page.goto(`/booking/${first}`);
  await expect(page.getByTestId('booking-status')).toContainText('Expired');
});

test('without JavaScript, a reload after the hold ended offers the same sailings again', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const id = await hold(page, '', 17);
  await endsIn(page, id, -5);
  await page.reload();
  await expect(page.getByTestId('hold-lapsed')).toBeVisible();
  await page.getByRole('button', { name: t.again }).click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  expect(page.url()).not.toContain(id);
  await context.close();
});

import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { bornYearsAgo, fillContact, fillPassengers } from './booking-steps.ts';

const t = {
  prefix: '',
  impliesAdult: 'On the day of travel this passenger is an adult (12 or over).',
} as const;

/** A one-way hold for an adult and a child, on the booking page. */
async function holdAdultAndChild(page: Page, prefix: string, day: number) {
  await page.goto(`${prefix}/booking/schedule?from=BTC&to=HFC&date=${daysAhead(day)}&adults=1&children=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
}

test(`en: a child's date of birth that makes them an adult is refused, naming the category it implies`, async ({
  page,
}) => {
  await holdAdultAndChild(page, t.prefix, 14);
  await expect(page.locator('astro-island:not([ssr])')).toHaveCount(3);
  await fillContact(page);
  await page.getByTestId('flow-next').click();
  await fillPassengers(page, ['Rina Wijaya', 'Tono Wijaya'], [bornYearsAgo(40), bornYearsAgo(15)]);
  await page.getByTestId('flow-next').click();
  const error = page.locator('#passenger-1-dateOfBirth-error');
  await expect(error).toContainText(t.impliesAdult);
  await expect(page.locator('[name="passengers.1.dateOfBirth"]')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.locator('[name="passengers.1.dateOfBirth"]').fill(bornYearsAgo(8));
  await page.getByTestId('flow-next').click();
  await expect(page.getByTestId('booking-summary')).toContainText('Tono Wijaya');
});

test(`en: without JavaScript the server refuses the same date and keeps what was typed`, async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await holdAdultAndChild(page, t.prefix, 15);
  await fillContact(page);
  await fillPassengers(page, ['Rina Wijaya', 'Tono Wijaya'], [bornYearsAgo(40), bornYearsAgo(15)]);
  await page.getByTestId('flow-next').click();
  await expect(page.locator('#passenger-1-dateOfBirth-error')).toContainText(t.impliesAdult);
  await expect(page.locator('[name="passengers.1.fullName"]')).toHaveValue('Tono Wijaya');
  await expect(page.locator('[name="passengers.0.dateOfBirth"]')).toHaveValue(bornYearsAgo(40));
  await context.close();
});

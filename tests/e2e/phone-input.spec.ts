import { expect, test } from '@playwright/test';
import { hydrated } from './account-steps.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';
import { daysAhead } from './batam-dates.ts';
import { fillPassengers } from './booking-steps.ts';

const w = {
  prefix: '',
  submit: 'Sign up',
  phone: /phone number/i,
  country: /^country$/i,
  tooShort: 'The phone number is too short for this country',
  noCountry: 'No country has this country code',
  example: /For example: 0812-?345-?678/,
  exampleSg: 'For example: 8123 4567',
} as const;

test(`en: the phone input names the problem with an example, and "+" moves the country`, async ({ page }) => {
  await page.goto(`${w.prefix}/sign-up`);
  await hydrated(page);
  const form = page.getByTestId('account-signUp');
  const phone = form.getByRole('textbox', { name: w.phone });
  const country = form.getByRole('combobox', { name: w.country });
  await expect(phone).toHaveAttribute('maxlength', '250');
  await phone.fill('0812');
  await form.getByRole('button', { name: w.submit }).click();
  const error = form.locator('#account-phone-error');
  await expect(error).toContainText(w.tooShort);
  await expect(error).toContainText(w.example);
  await expectNoAxeViolationsInThemes(page);
  // "+" and a code the world does not have: said so; a real one moves the picker, and the example follows it.
  await phone.fill('+999 123');
  await form.getByRole('button', { name: w.submit }).click();
  await expect(error).toContainText(w.noCountry);
  await phone.fill('+65 12');
  await expect(country).toHaveValue('SG');
  await form.getByRole('button', { name: w.submit }).click();
  await expect(error).toContainText(w.exampleSg);
  await phone.fill('+65 8123 4567');
  await form.getByRole('button', { name: w.submit }).click();
  await expect(error).toHaveCount(0);
});

test('en: a saved number opens with its own country picked (+65: Singapore)', async ({ page }) => {
  await page.goto(`/booking/schedule?from=BTC&to=HFC&date=${daysAhead(13)}&adults=1`);
  await page.locator('input[name="out"]').first().check();
  await page.locator('#continue').getByRole('button').click();
  await expect(page).toHaveURL(/\/booking\/[\w-]{24}$/);
  await hydrated(page);
  await page.locator('[name="contact.fullName"]').fill('Tan Wei Ling');
  await page.locator('[name="contact.email"]').fill('weiling@example.sg');
  await page.locator('[name="contact.phone"]').fill('+65 8123 4567');
  await page.getByTestId('flow-next').click();
  await fillPassengers(page, ['Tan Wei Ling']);
  await page.getByTestId('flow-next').click();
  await expect(page.getByTestId('booking-summary')).toContainText('+6581234567');
  // Another day, another device: the saved booking opens, and its contact step shows Singapore picked.
  await page.context().clearCookies();
  await page.goto(page.url());
  await hydrated(page);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.locator('#contact-phoneCountry')).toHaveValue('SG');
});

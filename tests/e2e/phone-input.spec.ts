import { expect, test } from '@playwright/test';
import { hydrated } from './account-steps.ts';
import { expectNoAxeViolationsInThemes } from './axe.ts';

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

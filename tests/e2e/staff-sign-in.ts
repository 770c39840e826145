import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

export const STAFF_PASSWORD = 'Loket-Batam-2005!';

/** A staff member added as `npm run ops -- staff-add` adds one (a test-only route): their set-up link's token. */
export async function addStaff(
  page: Page,
  email: string,
  role: 'admin' | 'agent' = 'admin',
): Promise<string> {
  const answer = await page.request.post(`/e2e/staff-add?email=${encodeURIComponent(email)}&role=${role}`);
  return ((await answer.json()) as { token: string }).token;
}

/** The code an authenticator app shows now for the key the set-up page printed. */
export const codeFor = (key: string) =>
  new TOTP({ secret: Secret.fromBase32(key.replaceAll(' ', '')), digits: 6, period: 30 }).generate();

/**
 * A new admin, set up by their link and signed in with both steps, the quick way (staff-console.spec.ts walks the
 * same pages with every check): the page is left on the console's start.
 */
export async function signedInAdmin(page: Page): Promise<void> {
  const email = `admin.${String(Date.now())}.${String(Math.random()).slice(2, 8)}@segaraferry.co.id`;
  const token = await addStaff(page, email);
  await page.goto(`/staff/set-up?token=${token}`);
  await page.getByLabel('New password').fill(STAFF_PASSWORD);
  await page.getByLabel('Type the password again').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page).toHaveURL(/\/staff\/login\?set-up$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const key = (await page.getByTestId('staff-totp-key').textContent()) ?? '';
  await page.getByRole('textbox', { name: 'Code' }).fill(codeFor(key));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

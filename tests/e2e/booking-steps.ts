import type { Page } from '@playwright/test';

/** Contact and passengers, typed into the fields (the island's steps, or the plain form without JavaScript). */
export async function fillContact(page: Page): Promise<void> {
  await page.locator('[name="contact.fullName"]').fill('Dewi Lestari');
  await page.locator('[name="contact.email"]').fill('dewi.lestari@example.co.id');
  await page.locator('[name="contact.phone"]').fill('0812 3456 7890');
}

/** A date of birth `years` before today (YYYY-MM-DD): 1 makes an infant, 30 an adult, whenever the test runs. */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** Passengers in party order; each is an adult unless `births` gives its date of birth. */
export async function fillPassengers(page: Page, names: string[], births: string[] = []): Promise<void> {
  for (const [index, name] of names.entries()) {
    const field = (part: string) => page.locator(`[name="passengers.${String(index)}.${part}"]`);
    await field('fullName').fill(name);
    await field('dateOfBirth').fill(births[index] ?? bornYearsAgo(30));
    await field('passportNumber').fill(`B${String(7654321 + index)}`);
    await field('passportIssued').fill('2022-02-01');
    await field('passportExpiry').fill('2032-01-31');
    await field('passportCountry').selectOption('ID');
  }
}

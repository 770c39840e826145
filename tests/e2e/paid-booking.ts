import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { contact, passenger } from '../support/booking-flow.ts';
import { daysAhead } from './batam-dates.ts';

export interface SailingFound {
  id: string;
  operator: { code: string };
  departure: { at: string };
  enoughSeats: boolean;
}

/** Batam Centre -> HarbourFront sailings with seats on the given Batam dates, in departure order. */
export async function sailingsOn(request: APIRequestContext, days: number[]): Promise<SailingFound[]> {
  const found: SailingFound[] = [];
  for (const day of days.map(daysAhead)) {
    const search = (await (await request.get(`/api/schedules?from=BTC&to=HFC&date=${day}`)).json()) as {
      outbound?: { sailings: SailingFound[] };
    };
    found.push(...(search.outbound?.sailings ?? []).filter((sailing) => sailing.enoughSeats));
  }
  return found;
}

/**
 * A paid one-adult booking on `sailing` (or an open ticket), made through the API and paid in the sandbox simulator (as a traveller
 * would at the bank). Answers its code; the contact e-mail is `email` (`rina.wijaya@example.co.id` unless given);
 * `options` give the passenger's passport number and an amount paid above the one due (queued for refund).
 */
export async function paidBooking(
  request: APIRequestContext,
  page: Page,
  sailing: SailingFound | 'open ticket',
  name: string,
  email = 'rina.wijaya@example.co.id',
  options: { passportNumber?: string; paidAbove?: number } = {},
): Promise<string> {
  // An open ticket names the route and the operator (Sindo Ferry) but no sailing yet.
  const hold =
    sailing === 'open ticket'
      ? { trip: 'open', from: 'BTC', to: 'HFC', operator: 'SEX', adults: 1 }
      : { out: sailing.id, adults: 1 };
  const held = await request.post('/api/bookings', { data: hold });
  const { id, code } = (await held.json()) as { id: string; code: string };
  const details = {
    contact: { ...contact, fullName: name, email },
    passengers: [
      { ...passenger(name), ...(options.passportNumber ? { passportNumber: options.passportNumber } : {}) },
    ],
  };
  expect((await request.put(`/api/bookings/${id}/details`, { data: details })).status()).toBe(204);
  const paid = await request.post(`/api/bookings/${id}/payment`, { data: { bank: 'bni', agree: true } });
  const va = ((await paid.json()) as { payment: { accountNumber: string } }).payment.accountNumber;
  await page.goto(`/booking/sandbox?va=${va}`);
  if (options.paidAbove) {
    const amount = page.locator('input[name="amount"]');
    await amount.fill(String(Number(await amount.inputValue()) + options.paidAbove));
  }
  await page.getByTestId('sandbox-pay').click();
  await expect(page.getByTestId('sandbox-result')).toHaveAttribute('data-outcome', 'confirmed');
  return code;
}

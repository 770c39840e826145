import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments as paymentRows } from '../../src/server/db/schema/payments.ts';
import { paymentAnomalies } from '../../src/server/db/schema/anomalies.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';
import { callbackToken, gateway, payments, useFakeXendit } from '../support/fake-xendit.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
useFakeXendit();

/**
 * A genuine payment is never lost: when Xendit's API cannot find the payment a correctly signed callback names (a
 * wrong key, test against live mode, a sub-account), the callback is kept for the agency and answered 503, so
 * Xendit retries; once the API knows it, the retry confirms the booking.
 */
describe('a Xendit callback whose payment cannot be fetched back', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 30));
  });
  afterAll(() => drop());

  it('answers 503 with an anomaly and keeps the booking awaiting payment, then confirms on the retry', async () => {
    const app = testApp(handle.db, now, gateway());
    const { id } = await bookingReadyToPay(app, { date: '2026-12-02' });
    expect((await pay(app, id, 'bni')).status).toBe(200);
    const [va] = await handle.db.select().from(paymentRows).where(eq(paymentRows.bookingId, id));
    if (!va) throw new Error('no VA');
    const payment = {
      id: 'fvap-1',
      payment_id: 'pay-unverified-1',
      callback_virtual_account_id: va.gatewayAccountId ?? '',
      external_id: va.externalId,
      account_number: va.accountNumber ?? '',
      bank_code: 'BNI',
      amount: va.amount,
      transaction_timestamp: '2026-11-21T10:05:00.000Z',
      merchant_code: '8808',
      currency: 'IDR' as const,
    };
    const callback = () =>
      app.request('/api/payments/xendit/callback', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CALLBACK-TOKEN': callbackToken },
        body: JSON.stringify(payment),
      });

    const unverified = await callback();
    expect(unverified.status).toBe(503);
    expect(unverified.headers.get('Retry-After')).toBe('60');
    const kept = await handle.db.select().from(paymentAnomalies);
    expect(kept.map((a) => [a.gateway, a.reason])).toEqual([['xendit', 'payment_not_found_on_fetch']]);
    expect(kept[0]?.body).toContain('pay-unverified-1');
    const [waiting] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(waiting?.status).toBe('awaiting_payment');

    payments.set(payment.payment_id, payment);
    const confirmed = await callback();
    expect(confirmed.status).toBe(200);
    const [paid] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(paid?.status).toBe('paid');
  });
});

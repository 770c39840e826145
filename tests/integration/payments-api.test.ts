import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import {
  paymentReceipts,
  payments,
  refunds,
  sentMails,
  tickets,
} from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import type { SandboxCallbackBody } from '../../src/server/payments/sandbox.ts';
import { createXenditGateway } from '../../src/server/payments/xendit.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe.each(testDatabases)('paying by virtual account on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;

  const paymentOf = async (bookingId: string) => {
    const rows = await handle.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(rows).toHaveLength(1);
    return rows[0] as typeof payments.$inferSelect;
  };
  const paidBody = (p: typeof payments.$inferSelect, overrides: Partial<SandboxCallbackBody> = {}) =>
    paidCallbackBody(p, minutes(5), overrides);
  const bookingRow = async (id: string) =>
    (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 40);
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  it('refuses bad input with localized field errors and the right status, never a 500', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-01' });
    const noBank = await app.request(`/api/bookings/${id}/payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': 'id' },
      body: JSON.stringify({ agree: true }),
    });
    expect(noBank.status).toBe(400);
    expect(((await noBank.json()) as { errors: Record<string, string[]> }).errors.method).toEqual([
      'Pilih metode pembayaran',
    ]);
    const notAgreed = await pay(app, id, 'bni', false);
    expect(notAgreed.status).toBe(400);
    expect(((await notAgreed.json()) as { errors: Record<string, string[]> }).errors.agree).toHaveLength(1);
    expect((await pay(app, id, 'gopay')).status).toBe(400);
    const broken = await app.request(`/api/bookings/${id}/payment`, { method: 'POST', body: '{"bank":' });
    expect(broken.status).toBe(400);
    expect((await pay(app, 'A'.repeat(24))).status).toBe(404);
    expect(await handle.db.select().from(payments).where(eq(payments.bookingId, id))).toEqual([]);
  });

  it('refuses to pay a hold without passengers, or one that has expired', async () => {
    const search = await app.request('/api/schedules?from=BTC&to=HFC&date=2026-12-02');
    const { outbound } = (await search.json()) as { outbound: { sailings: { id: string }[] } };
    const held = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: outbound.sailings[0]?.id, adults: 1 }),
    });
    const { id } = (await held.json()) as { id: string };
    expect((await pay(app, id)).status).toBe(409);
    const ready = await bookingReadyToPay(app, { date: '2026-12-02' });
    expect((await pay(testApp(handle.db, minutes(21)), ready.id)).status).toBe(409);
  });

  it('issues one bank-shaped VA with the bank fee and a 60-minute deadline, however often Pay is pressed', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-03', adults: 2 });
    const answers = await Promise.all([
      pay(app, id, 'mandiri'),
      pay(app, id, 'mandiri'),
      pay(app, id, 'mandiri'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await pay(app, id, 'mandiri');
    const payment = await paymentOf(id);
    expect(payment.bank).toBe('mandiri');
    expect(payment.billerCode).toMatch(/^\d{5}$/);
    // Shaped as Xendit issues Mandiri numbers: 15 digits starting with the company code.
    expect(payment.accountNumber).toMatch(/^\d{15}$/);
    expect(payment.accountNumber?.startsWith(payment.billerCode ?? 'none')).toBe(true);
    expect(payment.expiresAt).toEqual(minutes(60));
    const booking = await bookingRow(id);
    expect(booking?.status).toBe('awaiting_payment');
    expect(booking?.expiresAt).toEqual(minutes(60));
    expect(booking?.price.transactionFee).toBe(5000);
    expect(payment.amount).toBe(booking?.price.total);
    const body = (await (await pay(app, id, 'mandiri')).json()) as { payment: { accountNumber: string } };
    expect(body.payment.accountNumber).toBe(payment.accountNumber);
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, id));
    expect(mails.map((m) => m.kind)).toEqual(['booking_created']);
    // What the payment page polls, and what a reload reads back.
    const state = await app.request(`/api/bookings/${id}/status`);
    expect(await state.json()).toEqual({ status: 'awaiting_payment', expiresAt: minutes(60).toISOString() });
    const view = (await (await app.request(`/api/bookings/${id}`)).json()) as {
      payment?: { accountNumber: string };
    };
    expect(view.payment?.accountNumber).toBe(payment.accountNumber);
    expect((await app.request(`/api/bookings/${'B'.repeat(24)}/status`)).status).toBe(404);
  });

  it('answers 503 and keeps the hold when the gateway cannot issue a VA', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-03' });
    // The real Xendit adapter, pointed at a port where nothing listens.
    const down = createXenditGateway({
      secretKey: 'xnd_test',
      callbackToken: 'token',
      apiUrl: 'http://127.0.0.1:9',
    });
    const answer = await pay(testApp(handle.db, now, down), id, 'bni');
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { message: string }).message).toMatch(/try again/);
    expect(answer.headers.get('Retry-After')).toBe('30');
    expect((await bookingRow(id))?.status).toBe('held');
    // The attempt recorded before the call stays as a failed one, with no VA to show.
    const attempts = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(attempts.map((a) => [a.status, a.accountNumber])).toEqual([['failed', null]]);
    // With the gateway back, "Pay" starts a new attempt and issues the VA.
    expect((await pay(app, id, 'bni')).status).toBe(200);
    const issued = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(issued.map((a) => a.status).sort()).toEqual(['failed', 'pending']);
    expect((await bookingRow(id))?.status).toBe('awaiting_payment');
  });

  it('refuses forged callbacks (no, wrong or stale signature, altered amount) and changes nothing', async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-12-04' });
    await pay(app, id, 'bri');
    const payment = await paymentOf(id);
    expect(payment.accountNumber).toMatch(/^26215\d{10}$/);
    const body = paidBody(payment);
    const forged = [
      await sandboxCallback(app, body, { now, signature: null }),
      await sandboxCallback(app, body, { now, signature: 't=1,v1=00' }),
      await sandboxCallback(app, body, { now: minutes(-60) }),
      await sandboxCallback(app, body, {
        now,
        tamper: (raw) => raw.replace(`"amount":${String(body.amount)}`, '"amount":1'),
      }),
    ];
    expect(forged.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect((await bookingRow(id))?.status).toBe('awaiting_payment');
    expect(
      await handle.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, payment.id)),
    ).toEqual([]);
    const otherGateway = await app.request('/api/payments/xendit/callback', { method: 'POST', body: '{}' });
    expect(otherGateway.status).toBe(404);
  });

  it('confirms a paid callback once, issuing tickets, whether replayed in sequence or at once', async () => {
    const { id, code } = await bookingReadyToPay(app, { date: '2026-12-05', adults: 2, trip: 'two_way' });
    await pay(app, id, 'permata');
    const payment = await paymentOf(id);
    const body = paidBody(payment);
    const first = await sandboxCallback(app, body, { now });
    expect(await first.json()).toEqual({ status: 'confirmed' });
    const answer = async () => (await (await sandboxCallback(app, body, { now })).json()) as unknown;
    const sequential: unknown[] = [];
    for (let i = 0; i < 10; i++) sequential.push(await answer());
    const concurrent = await Promise.all(Array.from({ length: 10 }, answer));
    expect([...sequential, ...concurrent]).toEqual(Array(20).fill({ status: 'duplicate' }));
    const booking = await bookingRow(id);
    expect(booking?.status).toBe('paid');
    const issued = await handle.db.select().from(tickets).where(eq(tickets.bookingId, id));
    expect(issued).toHaveLength(4); // 2 passengers x 2 legs
    expect(issued.map((t) => t.ticketNumber.replace(/^[A-Z]+-/, '')).sort()).toEqual([
      `${code}-1D`,
      `${code}-1R`,
      `${code}-2D`,
      `${code}-2R`,
    ]);
    const people = await handle.db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id));
    expect(people.map((p) => p.eTicketNumber).sort()).toEqual([`ET-${code}-1`, `ET-${code}-2`]);
    expect(
      await handle.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, payment.id)),
    ).toHaveLength(1);
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, id));
    expect(mails.map((m) => m.kind).sort()).toEqual(['booking_created', 'booking_paid']);
    // Never backwards: the sweeper long after the deadline leaves a paid booking paid.
    await expireBookings(handle.db, minutes(24 * 60));
    expect((await bookingRow(id))?.status).toBe('paid');
  });

  it('records an under-payment for refund without confirming, and refunds the excess of an over-payment', async () => {
    const under = await bookingReadyToPay(app, { date: '2026-12-06' });
    await pay(app, under.id, 'bsi');
    const underPayment = await paymentOf(under.id);
    const short = await sandboxCallback(app, paidBody(underPayment, { amount: underPayment.amount - 1000 }), {
      now,
    });
    expect(await short.json()).toEqual({ status: 'underpaid' });
    expect((await bookingRow(under.id))?.status).toBe('awaiting_payment');
    const over = await bookingReadyToPay(app, { date: '2026-12-06' });
    await pay(app, over.id, 'bni');
    const overPayment = await paymentOf(over.id);
    const more = await sandboxCallback(app, paidBody(overPayment, { amount: overPayment.amount + 2500 }), {
      now,
    });
    expect(await more.json()).toEqual({ status: 'confirmed' });
    const queued = await handle.db.select().from(refunds).where(eq(refunds.bookingId, over.id));
    expect(queued.map((r) => [r.reason, r.amount])).toEqual([['overpaid', 2500]]);
    const underRefund = await handle.db.select().from(refunds).where(eq(refunds.bookingId, under.id));
    expect(underRefund.map((r) => [r.reason, r.amount])).toEqual([['underpaid', underPayment.amount - 1000]]);
  });

  it('confirms a late payment while its seats are still free, and queues it for refund when they are gone', async () => {
    const late = await bookingReadyToPay(app, { date: '2026-12-07' });
    await pay(app, late.id, 'bni');
    await expireBookings(handle.db, minutes(61));
    expect((await bookingRow(late.id))?.status).toBe('expired');
    const lateApp = testApp(handle.db, minutes(90));
    const confirmed = await sandboxCallback(lateApp, paidBody(await paymentOf(late.id)), {
      now: minutes(90),
    });
    expect(await confirmed.json()).toEqual({ status: 'confirmed' });
    expect((await bookingRow(late.id))?.status).toBe('paid');

    // The last sailing of the day, filled to the last seat by others after this booking lapsed.
    const gone = await bookingReadyToPay(app, { date: '2026-12-08', adults: 2, sailing: 'last' });
    await pay(app, gone.id, 'bni');
    const fillApp = testApp(handle.db, minutes(70));
    const { capacity } = (await handle.db.query.sailings.findFirst({
      where: (s, { eq: is }) => is(s.id, gone.sailingId),
    })) ?? { capacity: 0 };
    let filled = 0;
    while (filled < capacity) {
      const response = await fillApp.request('/api/bookings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ out: gone.sailingId, adults: Math.min(9, capacity - filled) }),
      });
      if (response.status !== 201) break;
      filled += Math.min(9, capacity - filled);
    }
    const refused = await sandboxCallback(
      testApp(handle.db, minutes(75)),
      paidBody(await paymentOf(gone.id)),
      {
        now: minutes(75),
      },
    );
    expect(await refused.json()).toEqual({ status: 'late_seats_gone' });
    expect((await bookingRow(gone.id))?.status).toBe('expired');
    const queued = await handle.db.select().from(refunds).where(eq(refunds.bookingId, gone.id));
    expect(queued.map((r) => r.reason)).toEqual(['late_seats_gone']);
    expect(await handle.db.select().from(tickets).where(eq(tickets.bookingId, gone.id))).toEqual([]);
    // They paid and get nothing: a mail says so (once, however often the payment is replayed).
    const told = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, gone.id));
    expect(told.map((m) => m.kind).sort()).toEqual(['booking_created', 'late_payment_refund']);
  });
});

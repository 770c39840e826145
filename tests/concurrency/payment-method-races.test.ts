import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { sailingsWithSeats } from '../../src/server/db/queries/inventory.ts';
import { auditLog } from '../../src/server/db/schema/audit.ts';
import { bookingLegs, bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { paymentReceipts, payments, refunds, tickets } from '../../src/server/db/schema/payments.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { requestGatewayRefunds } from '../../src/server/jobs/request-refunds.ts';
import { createSandboxGateway, sandboxSignature } from '../../src/server/payments/sandbox.ts';
import { paySandboxCheckout } from '../../src/server/payments/sandbox-checkouts.ts';
import { TEST_SANDBOX_SECRET, testApp } from '../support/app.ts';
import { accessForPath } from '../support/booking-access.ts';
import { bookingReadyToPay, paidCallbackBody } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';

/**
 * PostgreSQL only (a pool of connections, so transactions really overlap): the payment methods' races. A card and a
 * VA of one booking paid within milliseconds; a QRIS payment at its deadline's second against the expiry sweep and a
 * rival taking the seats; a refund's webhook, and its replay, racing a second cancellation of the same booking.
 */
const start = new Date('2026-11-21T10:00:00Z'); // Saturday, 17:00 in Batam
const ROUNDS = 8;
type Attempt = typeof payments.$inferSelect;

describe('cards, QRIS and refunds to them racing on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;
  let day = 2;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 30);
    app = testApp(handle.db, clock);
  });
  afterAll(() => closeAndDrop(handle, database));

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessForPath(path, now), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json().catch(() => null)) as { status?: string },
    };
  };
  const signed = (body: object) => {
    const raw = JSON.stringify(body);
    return post('/api/payments/sandbox/callback', raw, {
      'X-Sandbox-Signature': sandboxSignature(TEST_SANDBOX_SECRET, raw, now),
    });
  };
  const payBy = (id: string, method: string) => post(`/api/bookings/${id}/payment`, { method, agree: true });
  /** Paid at the sandbox's hosted page or QR simulator: in its books, then its webhook. */
  const checkoutPaid = async (attempt: Attempt) => {
    const paid = await paySandboxCheckout(handle.db, attempt.gatewayAccountId ?? '', now);
    const paymentId = 'paid' in paid ? (paid.paid.paymentId ?? '') : `gone-${attempt.externalId}`;
    return signed({ ...paidCallbackBody(attempt, now), event: 'checkout.paid', payment_id: paymentId });
  };
  const vaPaid = (attempt: Attempt) =>
    signed(paidCallbackBody(attempt, now, { payment_id: `va-${attempt.externalId}` }));
  const attemptsOf = (id: string) => handle.db.select().from(payments).where(eq(payments.bookingId, id));
  // A day of its own for each round, so no other booking shares its sailing.
  const nextDate = () => new Date(start.getTime() + day++ * 86_400_000).toISOString().slice(0, 10);
  const after = <T>(ms: number, call: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      setTimeout(() => void call().then(resolve, reject), ms);
    });

  it('a card and a VA paid within milliseconds: one counts, the other goes back its own way, seats never doubled', async () => {
    const firsts: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      now = start;
      const { id } = await bookingReadyToPay(app, { date: nextDate(), adults: 2 });
      expect((await payBy(id, 'bni')).status).toBe(200);
      expect((await payBy(id, 'card')).status).toBe(200);
      const rows = await attemptsOf(id);
      const va = rows.find((row) => row.method === 'bni') as Attempt;
      const card = rows.find((row) => row.method === 'card') as Attempt;
      now = new Date(start.getTime() + 5 * 60_000);
      const answers =
        round % 2 === 0
          ? await Promise.all([vaPaid(va), after(round % 4, () => checkoutPaid(card))])
          : await Promise.all([after(round % 4, () => vaPaid(va)), checkoutPaid(card)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const outcomes = answers.map((a) => a.body.status ?? '');
      expect([...outcomes].sort()).toEqual(['already_paid', 'confirmed']);
      const counted = outcomes[0] === 'confirmed' ? va : card;
      firsts.push(counted.method);
      const receipts = await handle.db
        .select({ outcome: paymentReceipts.outcome })
        .from(paymentReceipts)
        .innerJoin(payments, eq(payments.id, paymentReceipts.paymentId))
        .where(eq(payments.bookingId, id));
      expect(receipts.filter((r) => r.outcome === 'confirmed')).toHaveLength(1);
      expect(await handle.db.select().from(tickets).where(eq(tickets.bookingId, id))).toHaveLength(2);
      const legs = await handle.db.select().from(bookingLegs).where(eq(bookingLegs.bookingId, id));
      expect(legs.map((leg) => leg.seats)).toEqual([2]);
      const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
      expect(booking?.price.total).toBe(counted.amount); // the fee of the method that paid
      const owed = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
      // The second payment goes back: to the card through the gateway, or by transfer for the VA's money.
      expect(owed.map((r) => [r.reason, r.path, r.amount])).toEqual([
        counted === va
          ? ['already_paid', 'gateway', card.amount]
          : ['already_paid', 'bank_transfer', va.amount],
      ]);
    }
    console.log(`card or VA counted first: ${firsts.join(', ')}`);
  }, 120_000);

  it('a QRIS payment at its deadline against the expiry sweep and a rival: paid or refunded, never lost, never sold twice', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      now = start;
      const { id, sailingId } = await bookingReadyToPay(app, { date: nextDate(), adults: 2 });
      // Two seats in all: after the deadline, the rival can take them only if the payment has not.
      await handle.db.update(sailings).set({ capacity: 2 }).where(eq(sailings.id, sailingId));
      expect((await payBy(id, 'qris')).status).toBe(200);
      const [qr] = await attemptsOf(id);
      const deadline = qr?.expiresAt ?? start;
      now = new Date(deadline.getTime() + ((round % 3) - 1) * 1000); // a second before, at, or after it
      const [paid, , rival] = await Promise.all([
        checkoutPaid(qr as Attempt),
        after(round % 2, () => expireBookings(handle.db, now)),
        after((round + 1) % 3, () => post('/api/bookings', { out: sailingId, adults: 2 })),
      ]);
      expect([paid.status, rival.status]).not.toContain(500);
      outcomes.push(`${paid.body.status ?? ''}/${String(rival.status)}`);
      const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
      const [seats] = await sailingsWithSeats(handle.db, [sailingId], now);
      expect(seats?.taken ?? 0).toBeLessThanOrEqual(2);
      const receipts = await handle.db
        .select()
        .from(paymentReceipts)
        .where(eq(paymentReceipts.paymentId, qr?.id ?? ''));
      expect(receipts).toHaveLength(1); // never lost
      const owed = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
      if (booking?.status === 'paid') {
        expect(rival.status).toBe(409);
        expect(owed).toEqual([]);
      } else {
        // Too late and the seats went to the rival: the whole payment goes back to the wallet.
        expect(rival.status).toBe(201);
        expect(owed.map((r) => [r.reason, r.path, r.amount])).toEqual([
          ['late_seats_gone', 'gateway', qr?.amount],
        ]);
      }
    }
    console.log(`QRIS at the deadline (payment/rival): ${outcomes.join(', ')}`);
  }, 120_000);

  it("a refund's webhook and its replay racing a second cancellation: each refund settled once, no 500", async () => {
    const gateway = createSandboxGateway({
      secret: TEST_SANDBOX_SECRET,
      database: () => Promise.resolve(handle.db),
      clock,
    });
    for (let round = 0; round < ROUNDS / 2; round++) {
      now = start;
      const { id } = await bookingReadyToPay(app, { date: nextDate(), adults: 2 });
      await payBy(id, 'card');
      const [card] = await attemptsOf(id);
      expect((await checkoutPaid(card as Attempt)).body.status).toBe('confirmed');
      const own = await handle.db.select().from(tickets).where(eq(tickets.bookingId, id));
      const [first, second] = own.map((t) => t.ticketNumber);
      expect((await post(`/api/bookings/${id}/cancellation`, { tickets: [first], agree: true })).status).toBe(
        200,
      );
      while ((await requestGatewayRefunds(handle.db, gateway, clock)) > 0);
      const [asked] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
      expect(asked?.gatewayState).toBe('requested');
      const webhook = {
        event: 'refund.succeeded',
        reference_id: asked?.id,
        refund_id: asked?.gatewayRefundId,
      };
      const [one, two, cancelled] = await Promise.all([
        signed(webhook),
        after(round % 2, () => signed(webhook)),
        after((round + 1) % 2, () =>
          post(`/api/bookings/${id}/cancellation`, { tickets: [second], agree: true }),
        ),
      ]);
      expect([one.status, two.status, cancelled.status]).toEqual([200, 200, 200]);
      expect([one.body.status, two.body.status].sort()).toEqual(['duplicate', 'succeeded']);
      const rows = await handle.db.select().from(refunds).where(eq(refunds.bookingId, id));
      expect(rows.map((r) => [r.ticketNumbers, r.status, r.gatewayState]).sort()).toEqual(
        [
          [[first], 'done', 'succeeded'],
          [[second], 'queued', 'to_request'],
        ].sort(),
      );
      const paidRows = await handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.bookingId, id), eq(auditLog.action, 'refund.paid')));
      expect(paidRows).toHaveLength(1);
    }
  }, 120_000);
});

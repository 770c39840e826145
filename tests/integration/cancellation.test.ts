import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailingsWithSeats } from '../../src/server/db/queries/inventory.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { refunds, tickets } from '../../src/server/db/schema/payments.ts';
import { Network } from '../../src/server/network.ts';
import type { BookingView } from '../../src/server/services/booking-view.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { accessTo } from '../support/booking-access.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();
const account = { bank: 'BCA', accountNumber: '1234 5678 90', accountHolder: 'Siti Rahma' };

describe.each(testDatabases)('cancellation (POST /api/bookings/{id}/cancellation) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    app = testApp(handle.db, clock);
  });
  afterAll(() => drop());

  function paidOn(date: string, adults = 2): Promise<BookingView> {
    now = start;
    return paidBookingView(app, handle.db, { date, adults, now });
  }
  const ticketsOf = ticketNumbersOf;
  const sailingOf = async (booking: BookingView) => {
    const [row] = await handle.db
      .select()
      .from(sailings)
      .where(eq(sailings.id, booking.legs[0]?.sailingId ?? ''));
    if (!row) throw new Error('no sailing');
    return row;
  };
  const seatsTaken = async (id: string) => (await sailingsWithSeats(handle.db, [id], now))[0]?.taken ?? -1;
  const cancel = (id: string, body: Record<string, unknown>, locale = 'en') =>
    app.request(`/api/bookings/${id}/cancellation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': locale, ...accessTo(id, now) },
      body: JSON.stringify({ agree: true, ...body }),
    });

  it('cancels a ticket for a fee, puts its seat back on sale and queues the refund with its due date', async () => {
    const booking = await paidOn('2026-11-30');
    const sailing = await sailingOf(booking);
    const before = await seatsTaken(sailing.id);
    const paidEach = booking.price.legs[0]?.perPassenger.adult.total ?? 0;
    // Tuesday 24 November 2026: 7 working days later is Thursday 3 December (no public holiday between).
    now = new Date('2026-11-24T01:00:00Z');
    const first = booking.passengers[0]?.tickets[0]?.ticketNumber ?? '';
    const answer = await cancel(booking.id, { tickets: [first], ...account });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      cancelled: [first],
      paid: paidEach,
      fee: Math.min(150_000, paidEach),
      refund: Math.max(0, paidEach - 150_000),
      refundDueOn: '2026-12-03',
    });
    expect(await seatsTaken(sailing.id)).toBe(before - 1);
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({
      amount: paidEach - 150_000,
      reason: 'cancellation',
      status: 'queued',
      ticketNumbers: [first],
      bank: 'BCA',
      accountNumber: '1234567890',
      accountHolder: 'Siti Rahma',
      dueOn: '2026-12-03',
    });
    const mails = await mailsAbout({ db: handle.db, network, now }, booking.code);
    const mail = mails.find((sent) => sent.subject === `Booking ${booking.code}: tickets cancelled`);
    expect(mail).toBeDefined();
    expect(mail?.text).toContain(first);
    expect(mail?.text).toContain('paid by 3 December 2026');
    const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(rows.map((t) => [t.ticketNumber, t.status]).sort()).toEqual([
      [first, 'cancelled'],
      [`TK-${booking.code}-2D`, 'active'],
    ]);
    // Cancelling it again: already cancelled.
    expect((await cancel(booking.id, { tickets: [first], ...account })).status).toBe(409);
  });

  it('closes 2 hours before departure: exactly 2 hours is still open', async () => {
    const booking = await paidOn('2026-11-25', 1);
    const other = await paidOn('2026-11-25', 1);
    const departs = Date.parse(booking.legs[0]?.departsAt ?? '');
    now = new Date(departs - 119 * 60_000);
    const closed = await cancel(booking.id, { tickets: ticketsOf(booking), ...account }, 'id');
    expect(closed.status).toBe(422);
    expect(await closed.json()).toMatchObject({
      errors: { tickets: ['Pembatalan ditutup 2 jam sebelum keberangkatan'] },
    });
    now = new Date(departs - 120 * 60_000);
    expect((await cancel(other.id, { tickets: ticketsOf(other), ...account })).status).toBe(200);
  });

  it('asks for the refund account when there is money to send back, field by field', async () => {
    const booking = await paidOn('2026-11-26', 1);
    const answer = await cancel(booking.id, { tickets: ticketsOf(booking) }, 'id');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      errors: {
        bank: ['Masukkan nama bank tujuan pengembalian dana'],
        accountNumber: ['Masukkan nomor rekening: 5 sampai 34 angka'],
        accountHolder: ['Masukkan nama pemilik rekening sesuai data bank'],
      },
    });
    const bad = await cancel(booking.id, { tickets: ticketsOf(booking), ...account, accountNumber: '12ab' });
    expect(bad.status).toBe(400);
    const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(rows.map((t) => t.status)).toEqual(['active']);
  });

  it('refunds in full, without fee, up to 1 week after a sailing the operator cancelled', async () => {
    const booking = await paidOn('2026-11-27', 1);
    const sailing = await sailingOf(booking);
    await handle.db.update(sailings).set({ status: 'cancelled' }).where(eq(sailings.id, sailing.id));
    const paid = booking.price.legs[0]?.perPassenger.adult.total ?? 0;
    now = new Date(sailing.departsAt.getTime() + 7 * 86_400_000 + 60_000);
    const late = await cancel(booking.id, { tickets: ticketsOf(booking), ...account });
    expect(late.status).toBe(422);
    now = new Date(sailing.departsAt.getTime() + 7 * 86_400_000);
    const answer = await cancel(booking.id, { tickets: ticketsOf(booking), ...account });
    expect(await answer.json()).toMatchObject({ fee: 0, refund: paid });
    const [refund] = await handle.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund?.reason).toBe('operator_cancelled');
  });

  it('refuses bad input, an unpaid booking and another booking ticket, changing nothing', async () => {
    const mine = await paidOn('2026-11-28', 1);
    const other = await paidOn('2026-11-28', 1);
    expect((await cancel(mine.id, { tickets: [], ...account })).status).toBe(400);
    expect((await cancel(mine.id, { tickets: ticketsOf(mine), ...account, agree: false })).status).toBe(400);
    expect((await cancel(mine.id, { tickets: ticketsOf(other), ...account })).status).toBe(404);
    expect((await cancel('B'.repeat(24), { tickets: ticketsOf(mine), ...account })).status).toBe(404);
    const held = await bookingReadyToPay(app, { date: '2026-11-28' });
    expect((await cancel(held.id, { tickets: ticketsOf(mine), ...account })).status).toBe(409);
    const rows = await handle.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.bookingId, mine.id), gte(tickets.leg, 0), lt(tickets.leg, 2)));
    expect(rows.map((t) => t.status)).toEqual(['active']);
    expect(await handle.db.select().from(refunds).where(eq(refunds.bookingId, mine.id))).toEqual([]);
  });
});

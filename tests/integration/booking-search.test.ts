import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingStates, moneyStates } from '../../src/domain/booking-search.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, sentMails } from '../../src/server/db/schema/payments.ts';
import { MAX_MAIL_ATTEMPTS } from '../../src/domain/mail-retry.ts';
import { bookingHistory, failedMails } from '../../src/server/services/booking-history.ts';
import { Network } from '../../src/server/network.ts';
import { bookingView } from '../../src/server/services/booking-view.ts';
import { searchBookings, type BookingQuery } from '../../src/server/services/booking-search.ts';
import { testApp } from '../support/app.ts';
import { accessForPath } from '../support/booking-access.ts';
import {
  bookingReadyToPay,
  paidCallbackBody,
  pay,
  payInFull,
  sandboxCallback,
  ticketNumbersOf,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const account = { bank: 'BNI', accountNumber: '0987654321', accountHolder: 'Siti Rahma', agree: true };
const budi = { fullName: 'Budi Santoso', email: 'Budi.Santoso@example.com', phone: '+6591234567' };

describe.each(testDatabases)('the console finds bookings on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let app: ReturnType<typeof testApp>;
  const made: Record<string, { id: string; code: string }> = {};
  const codes = (query: BookingQuery) =>
    searchBookings(handle.db, query, now).then((rows) => rows.map((row) => row.code).sort());
  const expectFinds = async (query: BookingQuery, ...names: string[]) => {
    const found = await codes(query);
    expect(found.map((code) => Object.keys(made).find((name) => made[name]?.code === code)).sort()).toEqual(
      names.sort(),
    );
  };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    app = testApp(handle.db, () => now);
    const cancel = async (id: string, tickets: string[]) => {
      const path = `/api/bookings/${id}/cancellation`;
      const answer = await app.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...accessForPath(path, now) },
        body: JSON.stringify({ tickets, ...account }),
      });
      if (answer.status !== 200) throw new Error(await answer.text());
    };
    made.paid = await bookingReadyToPay(app, { date: '2026-11-24' });
    await payInFull(app, handle.db, made.paid.id, now);
    await handle.db
      .update(bookingPassengers)
      .set({ passportNumber: 'X9876543', fullName: 'Nur Aisyah binti Abdullah' })
      .where(eq(bookingPassengers.bookingId, made.paid.id));
    made.held = await bookingReadyToPay(app, { date: '2026-11-25', contact: budi });
    made.awaiting = await bookingReadyToPay(app, { date: '2026-11-25', contact: budi });
    await pay(app, made.awaiting.id);
    for (const name of ['partly', 'cancelled'] as const) {
      made[name] = await bookingReadyToPay(app, { date: '2026-11-26', adults: 2 });
      await payInFull(app, handle.db, made[name].id, now);
      const view = await bookingView(handle.db, new Network(), made[name].id, 'en');
      const tickets = view ? ticketNumbersOf(view) : [];
      await cancel(made[name].id, name === 'partly' ? tickets.slice(0, 1) : tickets);
    }
    const paidWith = async (name: string, amount: (due: number) => number, late = false) => {
      made[name] = await bookingReadyToPay(app, { date: '2026-11-27' });
      await pay(app, made[name].id);
      const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, made[name].id));
      const paidAt = late && payment ? new Date(payment.expiresAt.getTime() + 60_000) : now;
      const body = paidCallbackBody(payment, paidAt, { amount: amount(payment?.amount ?? 0) });
      now = paidAt;
      expect((await sandboxCallback(app, body, { now })).status).toBe(200);
      now = start;
    };
    await paidWith('overpaid', (due) => due + 50_000);
    await paidWith('underpaid', (due) => due - 10_000);
    await paidWith('late', (due) => due, true);
  });
  afterAll(() => drop());

  it('finds a booking by each thing a traveller remembers', async () => {
    const paid = made.paid ?? { id: '', code: '' };
    await expectFinds({ text: paid.code.toLowerCase() }, 'paid');
    await expectFinds({ text: `https://segara.example/id/booking/${paid.id}/payment` }, 'paid');
    await expectFinds({ text: `ET-${paid.code}-1` }, 'paid');
    await expectFinds({ text: `tk ${paid.code} 1d` }, 'paid');
    await expectFinds({ text: 'x9876543' }, 'paid');
    await expectFinds({ text: 'aisyah NUR' }, 'paid');
    await expectFinds({ text: 'budi.santoso@EXAMPLE.com' }, 'held', 'awaiting');
    await expectFinds({ text: '9123 4567' }, 'held', 'awaiting');
    await expectFinds({ text: 'santoso' }, 'held', 'awaiting');
    // The sample contact's phone typed as Indonesians write it, with the trunk 0.
    const sampleContact = ['paid', 'partly', 'cancelled', 'overpaid', 'underpaid', 'late'];
    await expectFinds({ text: '0812-3456-7890' }, ...sampleContact);
    // Text that names nothing finds nothing; wildcards are typed text.
    await expectFinds({ text: '%%' });
    await expectFinds({ text: '\u0000' });
    await expectFinds({ text: 'ZZZZZZ' });
    const passengers = Object.keys(made).filter((name) => name !== 'paid');
    await expectFinds({ text: 'passenger' }, ...passengers);
  });

  it('filters by state, money, sailing date and route, as each row reads its own state', async () => {
    await expectFinds({ state: 'held' }, 'held');
    // Paid short, a booking still awaits its full amount (the short payment is refunded).
    await expectFinds({ state: 'awaiting_payment' }, 'awaiting', 'underpaid');
    await expectFinds({ state: 'partly_cancelled' }, 'partly');
    await expectFinds({ state: 'cancelled' }, 'cancelled');
    await expectFinds({ state: 'paid' }, 'paid', 'overpaid', 'late');
    await expectFinds({ money: 'overpaid' }, 'overpaid');
    await expectFinds({ money: 'underpaid' }, 'underpaid');
    await expectFinds({ money: 'paid_late' }, 'late');
    await expectFinds({ money: 'refund_due' }, 'partly', 'cancelled', 'overpaid', 'underpaid');
    await expectFinds({ sailingOn: '2026-11-26' }, 'partly', 'cancelled');
    await expectFinds({ sailingOn: '2026-11-26', state: 'cancelled' }, 'cancelled');
    await expectFinds({ text: 'budi santoso', sailingOn: '2026-11-24' });
    expect(await codes({ routeId: 'btc-hfc' })).toHaveLength(Object.keys(made).length);
    await expectFinds({ routeId: 'hfc-btc' });

    // The SQL filters and the domain's reading of a row agree, for every state, before and after the holds lapse.
    for (const at of [now, new Date(start.getTime() + 86_400_000)]) {
      now = at;
      const all = await searchBookings(handle.db, {}, now);
      for (const state of bookingStates) {
        const filtered = await searchBookings(handle.db, { state }, now);
        expect(filtered.map((row) => row.code).sort()).toEqual(
          all
            .filter((row) => row.state === state)
            .map((row) => row.code)
            .sort(),
        );
      }
    }
    await expectFinds({ state: 'expired' }, 'held', 'awaiting', 'underpaid');
    now = start;
    for (const money of moneyStates) expect(await searchBookings(handle.db, { money }, now)).not.toEqual([]);
    const [late] = await handle.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(and(eq(bookings.id, made.late?.id ?? '')));
    expect(late?.status).toBe('paid');
  });

  it("tells a booking's whole history, its mails with their state, and the mails that failed their last try", async () => {
    const partly = made.partly?.id ?? '';
    const { entries, mails } = await bookingHistory(handle.db, partly);
    const told = entries.map((entry) => (entry.source === 'audit' ? entry.action : entry.event));
    expect(told).toEqual([
      'booking_held',
      'payment_issued',
      'payment.recorded',
      // The test's clock stands still: the cancellation and its refund are at the payment's instant.
      'booking.cancelled',
      'refund.queued',
      'tickets_issued',
    ]);
    expect(entries.map((entry) => entry.at.getTime())).toEqual(
      entries.map((entry) => entry.at.getTime()).sort((a, b) => a - b),
    );
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      'booking_cancelled',
      'booking_created',
      'booking_paid',
    ]);
    expect(mails.every((mail) => mail.state === 'queued')).toBe(true);
    expect(await failedMails(handle.db)).toEqual([]);
    await handle.db
      .update(sentMails)
      .set({ attempts: MAX_MAIL_ATTEMPTS })
      .where(and(eq(sentMails.bookingId, partly), eq(sentMails.kind, 'booking_cancelled')));
    expect(await failedMails(handle.db)).toMatchObject([
      { bookingCode: made.partly?.code, kind: 'booking_cancelled', state: 'failed' },
    ]);
    expect(
      (await bookingHistory(handle.db, partly)).mails.find((m) => m.kind === 'booking_cancelled')?.state,
    ).toBe('failed');
    expect(await bookingHistory(handle.db, 'x'.repeat(24))).toEqual({ entries: [], mails: [] });
  });
});

import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MAIL_ATTEMPTS } from '../../src/domain/mail-retry.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { paymentReceipts, payments, refunds, sentMails } from '../../src/server/db/schema/payments.ts';
import { Network } from '../../src/server/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { bookingHistory, type HistoryEntry } from '../../src/server/services/booking-history.ts';
import { bookingView } from '../../src/server/services/booking-view.ts';
import { historyLine } from '../../src/server/views/staff-booking.ts';
import { serveFailedMails } from '../../src/pages/[...locale]/staff/_booking-search.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testApp, testDeps } from '../support/app.ts';
import { accessTo } from '../support/booking-access.ts';
import { bookingReadyToPay, payInFull, paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';
import { openStaffPage } from '../support/staff-page.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');
const told = (entries: HistoryEntry[]) =>
  entries.map((entry) => (entry.source === 'audit' ? entry.action : entry.event));

describe.each(testDatabases)("a booking's history on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const post = (id: string, task: string, body: Record<string, unknown>) =>
    app.request(`/api/bookings/${id}/${task}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessTo(id, now) },
      body: JSON.stringify({ agree: true, ...body }),
    });

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), now, 10));
    app = testApp(handle.db, () => now);
  });
  afterAll(() => drop());

  it("keeps a traveller's own cancellation as a line of its own, even one that refunds nothing", async () => {
    const { id } = await bookingReadyToPay(app, { date: '2026-11-25', infants: 1 });
    await payInFull(app, handle.db, id, now);
    const view = await bookingView(handle.db, new Network(), id, 'en');
    const baby = view?.passengers.find((p) => p.fullName === 'Baby A')?.tickets[0]?.ticketNumber ?? '';
    // An infant's fare is below the fee: nothing goes back, so no account is asked for.
    const answer = await post(id, 'cancellation', { tickets: [baby] });
    expect(answer.status).toBe(200);
    const { fee, refund } = (await answer.json()) as { fee: number; refund: number };
    expect(refund).toBe(0);
    const rows = await auditEntries(handle.db, { bookingId: id });
    expect(rows.map((row) => row.action)).toEqual(['booking.cancelled', 'payment.recorded']);
    expect(rows[0]).toMatchObject({
      actorKind: 'traveller',
      subjectType: 'booking',
      subjectId: id,
      reason: null,
      after: { tickets: [baby], fee, refund: 0 },
    });
    const { entries } = await bookingHistory(handle.db, id);
    expect(told(entries)).toContain('booking.cancelled');
    const line = entries.find((entry) => entry.source === 'audit' && entry.action === 'booking.cancelled');
    if (!line) throw new Error('no cancellation line');
    expect(historyLine(line, 'en')).toMatchObject({
      what: 'Tickets cancelled',
      who: 'Traveller',
      detail: baby,
    });
    expect(historyLine(line, 'id')).toMatchObject({ what: 'Tiket dibatalkan', detail: baby });
  });

  it('tells a reschedule and a check-in as lines of their own', async () => {
    const booking = await paidBookingView(app, handle.db, { date: '2026-11-22', adults: 1, now });
    const [first] = ticketNumbersOf(booking);
    const from = new Date('2026-11-22T00:00:00+07:00');
    const day = await handle.db
      .select()
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, 'btc-hfc'),
          gte(sailings.departsAt, from),
          lt(sailings.departsAt, new Date(from.getTime() + 86_400_000)),
        ),
      )
      .orderBy(asc(sailings.departsAt));
    const old = day.find((sailing) => sailing.id === booking.legs[0]?.sailingId);
    if (!old) throw new Error('no sailing booked');
    const later = day.find((s) => s.operatorCode === old.operatorCode && s.departsAt > old.departsAt);
    if (!first || !later) throw new Error('no later sailing to move to');
    expect((await post(booking.id, 'reschedule', { tickets: [first], sailing: later.id })).status).toBe(200);
    const moved = `${first}2`;
    expect((await post(booking.id, 'check-in', { tickets: [moved] })).status).toBe(200);

    const { entries } = await bookingHistory(handle.db, booking.id);
    expect(told(entries)).toEqual([
      'booking_held',
      'payment_issued',
      'payment.recorded',
      'tickets_issued',
      'ticket_rescheduled',
      'checked_in',
    ]);
    const lines = entries.slice(-2).map((entry) => historyLine(entry, 'en'));
    expect(lines).toMatchObject([
      { what: 'Ticket moved to another sailing', detail: `${first} → ${moved}` },
      { what: 'Checked in', detail: moved },
    ]);
    const checkedIn = entries.at(-1);
    expect(checkedIn && historyLine(checkedIn, 'id').what).toBe('Check-in');
  });

  it('reads what happened to a booking older than the audit log from its records', async () => {
    const [sailing] = await handle.db.select().from(sailings).limit(1);
    const at = (iso: string) => new Date(`${iso}+07:00`);
    // The records of a booking paid, cancelled and refunded in June, before the log's first row.
    const id = await insertBooking(handle.db, {
      code: 'PRE7LG',
      status: 'paid',
      sailingId: sailing?.id ?? '',
      seats: 0,
    });
    await handle.db
      .update(bookings)
      .set({ createdAt: at('2026-06-01T09:00') })
      .where(eq(bookings.id, id));
    const [payment] = await handle.db
      .insert(payments)
      .values({
        bookingId: id,
        gateway: 'sandbox',
        method: 'bni',
        bank: 'bni',
        externalId: 'before-the-log-1',
        accountNumber: '8808000000123',
        amount: 330_000,
        status: 'paid',
        expiresAt: at('2026-06-01T10:05'),
        paidAt: at('2026-06-01T09:30'),
        createdAt: at('2026-06-01T09:05'),
      })
      .returning();
    await handle.db.insert(paymentReceipts).values({
      paymentId: payment?.id ?? '',
      gatewayPaymentId: 'before-the-log-pay-1',
      amount: 330_000,
      paidAt: at('2026-06-01T09:30'),
      outcome: 'confirmed',
      receivedAt: at('2026-06-01T09:31'),
    });
    await handle.db.insert(refunds).values({
      bookingId: id,
      amount: 180_000,
      reason: 'cancellation',
      status: 'done',
      ticketNumbers: ['TK-PRE7LG-1D'],
      dueOn: '2026-06-12',
      createdAt: at('2026-06-02T08:00'),
      paidAt: at('2026-06-05T14:00'),
      transferReference: 'BNI-OLD-1',
    });

    const { entries } = await bookingHistory(handle.db, id);
    expect(told(entries)).toEqual([
      'booking_held',
      'payment_issued',
      'payment_received',
      'refund_queued',
      'refund_paid',
    ]);
    expect(entries.map((entry) => historyLine(entry, 'en'))).toMatchObject([
      { what: 'Seats held' },
      { what: 'Payment issued', detail: 'BNI Virtual Account · IDR 330,000' },
      { what: 'Payment received', detail: 'IDR 330,000' },
      { what: 'Refund queued', detail: expect.stringContaining('IDR 180,000') as string },
      { what: 'Refund paid', detail: 'IDR 180,000' },
    ]);
  });

  it('lists a mail that failed its eighth try on the failed mails page, and on its booking', async () => {
    const { id, code } = await bookingReadyToPay(app, { date: '2026-11-27' });
    await payInFull(app, handle.db, id, now);
    await handle.db
      .update(sentMails)
      .set({ attempts: MAX_MAIL_ATTEMPTS })
      .where(and(eq(sentMails.bookingId, id), eq(sentMails.kind, 'booking_paid')));
    const agent = await signedInStaff({ handle, api: app, now }, 'agent.mails@segaraferry.co.id', 'agent');
    const deps = testDeps(handle.db, () => now);
    for (const [locale, kind, attempts] of [
      ['en', 'E-tickets', 'tries: 8'],
      ['id', 'E-tiket', 'percobaan: 8'],
    ] as const) {
      const { page, status } = await openStaffPage(serveFailedMails, agent, deps, '/staff/mails', locale);
      expect(status).toBe(200);
      if (page instanceof Response || !page.allowed) throw new Error('the failed mails page was refused');
      expect(page.mails).toEqual([
        expect.objectContaining({ code, kind, attempts, to: 'siti@example.co.id' }),
      ]);
      expect(page.mails[0]?.href).toBe(`${locale === 'id' ? '/id' : ''}/staff/bookings/${id}`);
    }
    const { mails } = await bookingHistory(handle.db, id);
    expect(mails.find((mail) => mail.kind === 'booking_paid')).toMatchObject({
      state: 'failed',
      attempts: 8,
    });
  });
});

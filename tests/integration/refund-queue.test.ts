import { spawnSync } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { payments, refunds } from '../../src/server/db/schema/payments.ts';
import { Network } from '../../src/server/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { bookingView, type BookingView } from '../../src/server/services/booking-view.ts';
import { cancelSailing } from '../../src/server/use-cases/cancel-sailing.ts';
import { markRefundPaid, queuedRefunds } from '../../src/server/use-cases/refund-queue.ts';
import { useCasePorts } from '../../src/server/http/use-case-ports.ts';
import { testApp } from '../support/app.ts';
import {
  bookingReadyToPay,
  pay,
  paidCallbackBody,
  sandboxCallback,
  paidBookingView,
  ticketNumbersOf,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { accessForPath } from '../support/booking-access.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();
const account = { bank: 'BNI', accountNumber: '0987654321', accountHolder: 'Siti Rahma', agree: true };

describe.each(testDatabases)('the refund queue and cancelled sailings on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let url: string | undefined;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop, url } = await seeded(await database.create(), start, 10));
    app = testApp(handle.db, clock);
  });
  afterAll(() => drop());

  function paidOn(date: string, adults = 1): Promise<BookingView> {
    now = start;
    return paidBookingView(app, handle.db, { date, adults, now });
  }
  const post = (path: string, body: unknown) =>
    app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...accessForPath(path, now) },
      body: JSON.stringify(body),
    });
  const ticketsOf = ticketNumbersOf;

  it('lists cancellations and payments not honoured in one queue, and marks a refund paid once, by email', async () => {
    const cancelled = await paidOn('2026-11-26');
    expect(
      (
        await post(`/api/bookings/${cancelled.id}/cancellation`, {
          tickets: ticketsOf(cancelled),
          ...account,
        })
      ).status,
    ).toBe(200);
    // An over-payment: the booking is confirmed and what is above the amount due goes to the queue.
    const { id: overpaidId, code: overpaidCode } = await bookingReadyToPay(app, { date: '2026-11-26' });
    await pay(app, overpaidId);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, overpaidId));
    const overpaid = paidCallbackBody(payment, now, { amount: (payment?.amount ?? 0) + 50_000 });
    expect((await sandboxCallback(app, overpaid, { now })).status).toBe(200);

    const queue = await queuedRefunds({ db: handle.db, calendar: useCasePorts.calendar });
    const order = [cancelled.code, overpaidCode];
    const mine = queue
      .filter((row) => order.includes(row.bookingCode))
      .sort((a, b) => order.indexOf(a.bookingCode) - order.indexOf(b.bookingCode));
    expect(mine.map((row) => [row.bookingCode, row.reason])).toEqual([
      [cancelled.code, 'cancellation'],
      [overpaidCode, 'overpaid'],
    ]);
    // Saturday 21 November: 7 working days from Monday 23 is Tuesday 1 December.
    expect(mine[0]).toMatchObject({ bank: 'BNI', accountNumber: '0987654321', dueOn: '2026-12-01' });
    expect(mine[1]?.amount).toBe(50_000);

    const refundId = mine[0]?.id ?? '';
    now = new Date('2026-11-25T03:00:00Z');
    expect(await markRefundPaid({ db: handle.db, clock, by: 'system' }, refundId)).toBe('paid');
    expect(await markRefundPaid({ db: handle.db, clock, by: 'system' }, refundId)).toBe('already_paid');
    expect(
      await markRefundPaid({ db: handle.db, clock, by: 'system' }, '00000000-0000-4000-8000-000000000000'),
    ).toBe('unknown');
    expect(await markRefundPaid({ db: handle.db, clock, by: 'system' }, 'not-an-id')).toBe('unknown');
    const [row] = await handle.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ status: 'done', paidAt: now });
    expect(
      (await queuedRefunds({ db: handle.db, calendar: useCasePorts.calendar })).map((r) => r.id),
    ).not.toContain(refundId);

    const mails = await mailsAbout({ db: handle.db, network, now }, cancelled.code);
    const paidMail = mails.find(
      (mail) => mail.subject === `Booking ${cancelled.code}: your refund has been paid`,
    );
    expect(paidMail?.text).toContain('paid on 25 November 2026');
    // The order page's view shows the same progress.
    expect((await bookingView(handle.db, network, cancelled.id, 'en'))?.refunds).toMatchObject([
      { status: 'done' },
    ]);

    // Every money movement is in the audit log, newest first, with who did it; the bank account as given.
    const history = (id: string) =>
      auditEntries(handle.db, { bookingId: id }).then((rows) =>
        rows.map((row) => [row.action, row.actorKind, row.actorId]),
      );
    expect(await history(cancelled.id)).toEqual([
      ['refund.paid', 'system', null],
      ['refund.queued', 'traveller', null],
      ['booking.cancelled', 'traveller', null],
      ['payment.recorded', 'gateway', 'sandbox'],
    ]);
    expect(await history(overpaidId)).toEqual([
      ['refund.queued', 'gateway', 'sandbox'],
      ['payment.recorded', 'gateway', 'sandbox'],
    ]);
    const [queuedRow] = await auditEntries(handle.db, { bookingId: cancelled.id, action: 'refund.queued' });
    // The permanent log keeps the account's last 4 digits, not the whole number or the holder's name.
    expect(queuedRow?.after).toMatchObject({
      amount: mine[0]?.amount,
      accountNumber: '••••••4321',
      bank: 'BNI',
    });
    expect(JSON.stringify(queuedRow?.after)).not.toMatch(/0987654321|Siti Rahma/);
    expect(queuedRow?.subjectId).toBe(refundId);
    // A booking's history by the code the traveller quotes, in any case.
    expect(await auditEntries(handle.db, { bookingCode: cancelled.code.toLowerCase() })).toEqual(
      await auditEntries(handle.db, { bookingId: cancelled.id }),
    );
    expect(await auditEntries(handle.db, { bookingCode: 'ZZZZZZ' })).toEqual([]);
    expect(await auditEntries(handle.db, { bookingCode: '\u0000AB12' })).toEqual([]);
    const [overpaidRow] = await auditEntries(handle.db, { bookingId: overpaidId, action: 'refund.' });
    expect(overpaidRow?.after).toMatchObject({ amount: 50_000, reason: 'overpaid' });
  });

  it('keeps the audit log append-only: no update, delete or truncate, and nothing cascades into it', async () => {
    const [row] = await auditEntries(handle.db, { limit: 1 });
    expect(row).toBeDefined();
    const refused = async (statement: string) => {
      const error: unknown = await handle.db.execute(sql.raw(statement)).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(String((error as { cause?: unknown } | undefined)?.cause ?? error)).toMatch(/append-only/);
    };
    await refused(`update audit_log set action = 'refund.paid' where id = ${String(row?.id)}`);
    await refused(`delete from audit_log where id = ${String(row?.id)}`);
    await refused('truncate audit_log');
    expect((await auditEntries(handle.db, { limit: 1 }))[0]).toEqual(row);
    // A row names its booking without a reference: deleting the booking leaves its history.
    const gone = await paidOn('2026-11-28');
    await handle.db.delete(bookings).where(eq(bookings.id, gone.id));
    expect((await auditEntries(handle.db, { bookingId: gone.id })).map((r) => r.action)).toEqual([
      'payment.recorded',
    ]);
  });

  it('closes a cancelled sailing, tells each booking on it once, and lets them move for free', async () => {
    const booking = await paidOn('2026-11-27');
    const sailingId = booking.legs[0]?.sailingId ?? '';
    expect(await cancelSailing(handle.db, sailingId)).toEqual({ outcome: 'cancelled', bookingsTold: 1 });
    expect(await cancelSailing(handle.db, sailingId)).toEqual({
      outcome: 'already_cancelled',
      bookingsTold: 0,
    });
    expect(await cancelSailing(handle.db, 'nope')).toEqual({ outcome: 'unknown' });
    const [logged] = await auditEntries(handle.db, { action: 'sailing.cancelled' });
    expect(logged).toMatchObject({
      subjectId: sailingId,
      actorKind: 'system',
      after: { bookingsTold: [booking.id] },
    });

    const mails = await mailsAbout({ db: handle.db, network, now }, booking.code);
    const told = mails.filter(
      (mail) => mail.subject === `Booking ${booking.code}: the operator cancelled your sailing`,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`/booking/${booking.id}/reschedule`);

    // Another operator's sailing, the same day: free, because the operator cancelled.
    const [cancelledSailing] = await handle.db.select().from(sailings).where(eq(sailings.id, sailingId));
    const others = await handle.db.select().from(sailings).where(eq(sailings.routeId, 'btc-hfc'));
    const target = others.find(
      (s) =>
        s.operatorCode !== cancelledSailing?.operatorCode &&
        s.departsAt > (cancelledSailing?.departsAt ?? now) &&
        s.status === 'scheduled',
    );
    const moved = await post(`/api/bookings/${booking.id}/reschedule`, {
      tickets: ticketsOf(booking),
      sailing: target?.id,
      agree: true,
    });
    expect(await moved.json()).toMatchObject({ counterFee: 0 });
    // A new booking on the cancelled sailing is refused.
    const search = await app.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: sailingId, adults: 1 }),
    });
    expect(search.status).toBe(422);
  });

  it('refuses check-in and a new Virtual Account on a cancelled sailing, and tells whoever pays an old one', async () => {
    now = start;
    const { id: heldId } = await bookingReadyToPay(app, { date: '2026-11-29' });
    const { id: awaitingId, code: awaitingCode } = await bookingReadyToPay(app, { date: '2026-11-29' });
    expect((await pay(app, awaitingId)).status).toBe(200);
    const paid = await paidOn('2026-11-29');
    const sailingId = paid.legs[0]?.sailingId ?? '';
    expect(await cancelSailing(handle.db, sailingId)).toMatchObject({ outcome: 'cancelled' });

    const checkIn = await post(`/api/bookings/${paid.id}/check-in`, { tickets: ticketsOf(paid) });
    expect(checkIn.status).toBe(409);
    expect(JSON.stringify(await checkIn.json())).toContain('The operator cancelled this sailing');
    expect((await pay(app, heldId)).status).toBe(422);
    // The VA issued before the cancellation is paid: the money is taken, and the traveller told at once.
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, awaitingId));
    expect((await sandboxCallback(app, paidCallbackBody(payment, now), { now })).status).toBe(200);
    const mails = await mailsAbout({ db: handle.db, network, now }, awaitingCode);
    expect(mails.map((mail) => mail.subject)).toContain(
      `Booking ${awaitingCode}: the operator cancelled your sailing`,
    );
  });

  it('gives the agency the queue with `npm run ops -- refunds`', () => {
    if (!url) return; // the embedded database is one process's: the script reads PostgreSQL here
    const run = spawnSync(process.execPath, ['scripts/ops.ts', 'refunds'], {
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('overpaid');
    expect(run.stdout).not.toContain('cancellation'); // paid above
    const audit = spawnSync(
      process.execPath,
      ['scripts/ops.ts', 'audit', '--action', 'refund.', '--limit', '3'],
      {
        env: { ...process.env, DATABASE_URL: url },
        encoding: 'utf8',
      },
    );
    expect(audit.status).toBe(0);
    expect(audit.stdout).toMatch(/refund\.(queued|paid) {2}by /);
    expect(audit.stdout).not.toContain('payment.recorded');
  });
});

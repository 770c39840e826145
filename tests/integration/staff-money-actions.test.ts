import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, refunds, sentMails } from '../../src/server/db/schema/payments.ts';
import { sandboxAccounts } from '../../src/server/db/schema/sandbox.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import {
  bookingReadyToPay,
  paidCallbackBody,
  pay,
  sandboxCallback,
  ticketNumbersOf,
} from '../support/booking-flow.ts';
import { Network } from '../../src/server/network.ts';
import { bookingView } from '../../src/server/services/booking-view.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

// Monday 21 December 2026, 10:00 in Batam.
const start = new Date('2026-12-21T03:00:00Z');

/**
 * The console's money actions on a booking through their JSON doors: cancelling tickets for a traveller (with the
 * fee, or without it by an admin), and the payment deadline extension: once per booking, an hour more at the booking,
 * its attempt and the gateway's VA alike, audited, and the payment instructions sent again with the new deadline.
 * Two agents at once: tests/concurrency/staff-deadline.test.ts.
 */
describe.each(testDatabases)('staff cancellations and deadline extensions on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const now = start;
  let api: ReturnType<typeof testApp>;
  let agent: TestBrowser;
  let admin: TestBrowser;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => now);
    agent = await signedInStaff({ handle, api, now }, 'agent@segaraferry.co.id', 'agent');
    admin = await signedInStaff({ handle, api, now }, 'admin@segaraferry.co.id', 'admin');
  });

  /** A booking paid `above` more than due: confirmed, the difference queued for refund. */
  async function overpaid(above: number) {
    const booking = await bookingReadyToPay(api, { date: '2026-12-23' });
    await pay(api, booking.id);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const body = paidCallbackBody(payment, now, { amount: (payment?.amount ?? 0) + above });
    expect((await sandboxCallback(api, body, { now })).status).toBe(200);
    return booking;
  }
  afterAll(() => drop());

  it('lets an agent extend a payment deadline once, by an hour, at the gateway too, and sends the new one', async () => {
    const booking = await bookingReadyToPay(api, { date: '2026-12-23' });
    const extend = (id: string) =>
      agent.request(`/api/staff/bookings/${id}/deadline`, {
        method: 'POST',
        json: { reason: 'Transfer is slow' },
      });
    expect((await extend(booking.id)).status).toBe(409); // held: no deadline yet
    await pay(api, booking.id);
    const [before] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    const deadline = before?.expiresAt.getTime() ?? 0;
    expect((await extend(booking.id)).status).toBe(204);
    expect((await extend(booking.id)).status).toBe(409);

    const later = new Date(deadline + 60 * 60_000);
    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row).toMatchObject({ status: 'awaiting_payment', expiresAt: later, paymentExtendedAt: now });
    const [after] = await handle.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(after?.expiresAt).toEqual(later);
    const [va] = await handle.db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.id, after?.gatewayAccountId ?? ''));
    expect(va?.expiresAt).toEqual(later);
    const [audit] = await auditEntries(handle.db, {
      bookingId: booking.id,
      action: 'booking.deadline_extended',
    });
    expect(audit).toMatchObject({ reason: 'Transfer is slow', after: { expiresAt: later.toISOString() } });
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, booking.id));
    expect(mails.find((mail) => mail.kind === 'booking_created')).toMatchObject({ sentAt: null, version: 1 });
  });
  it('lets an agent cancel tickets with the fee, and only an admin waive it, each audited with the reason', async () => {
    const cancel = async (browser: TestBrowser, json: Record<string, unknown>) => {
      const booking = await overpaid(500);
      const view = await bookingView(handle.db, new Network(), booking.id, 'en');
      const answer = await browser.request(`/api/staff/bookings/${booking.id}/cancellation`, {
        method: 'POST',
        json: { tickets: view ? ticketNumbersOf(view) : [], reason: 'Asked by phone', ...json },
      });
      return { booking, answer };
    };
    const account = { bank: 'BCA', accountNumber: '1234567890', accountHolder: 'Siti Rahma' };
    const withFee = await cancel(agent, account);
    expect(withFee.answer.status).toBe(200);
    const quote = (await withFee.answer.json()) as { paid: number; fee: number; refund: number };
    expect(quote.fee).toBe(150_000);
    expect(quote.refund).toBe(quote.paid - 150_000);
    // One row says the agency cancelled, with the fee kept and the reason; none as the traveller's own.
    const logged = await auditEntries(handle.db, { bookingId: withFee.booking.id, action: 'booking.' });
    expect(logged).toMatchObject([
      {
        action: 'booking.cancelled_by_staff',
        actorKind: 'staff',
        reason: 'Asked by phone',
        after: {
          tickets: [`TK-${withFee.booking.code}-1D`],
          fee: 150_000,
          refund: quote.refund,
          feeWaived: false,
        },
      },
    ]);
    expect((await cancel(agent, { ...account, waiveFee: true })).answer.status).toBe(403);
    expect((await cancel(agent, {})).answer.status).toBe(400); // a refund needs its account
    const waived = await cancel(admin, { ...account, waiveFee: true });
    expect(waived.answer.status).toBe(200);
    expect(await waived.answer.json()).toMatchObject({ fee: 0, refund: quote.paid });
    const [row] = await auditEntries(handle.db, {
      bookingId: waived.booking.id,
      action: 'booking.cancelled_by_staff',
    });
    expect(row).toMatchObject({
      actorKind: 'staff',
      reason: 'Asked by phone',
      after: { fee: 0, refund: quote.paid, feeWaived: true },
    });
    // Nothing left to travel on: a correction sends no e-tickets again.
    const mailsBefore = await handle.db
      .select()
      .from(sentMails)
      .where(eq(sentMails.bookingId, waived.booking.id));
    const corrected = await admin.request(`/api/staff/bookings/${waived.booking.id}/passengers`, {
      method: 'PUT',
      json: {
        position: 0,
        fullName: 'Passenger Ayu',
        dateOfBirth: '1990-05-14',
        passportNumber: 'C1234567',
        passportIssued: '2021-03-02',
        passportExpiry: '2031-03-01',
        passportCountry: 'ID',
        reason: 'Spelling for the records',
      },
    });
    expect(corrected.status).toBe(204);
    const mailsAfter = await handle.db
      .select()
      .from(sentMails)
      .where(eq(sentMails.bookingId, waived.booking.id));
    const eTickets = (rows: typeof mailsAfter) => rows.find((mail) => mail.kind === 'booking_paid')?.version;
    expect(eTickets(mailsAfter)).toBe(eTickets(mailsBefore));
    const rows = await handle.db.select().from(refunds).where(eq(refunds.bookingId, waived.booking.id));
    expect(rows.find((refund) => refund.reason !== 'overpaid')).toMatchObject({
      reason: 'cancellation',
      amount: quote.paid,
      bank: 'BCA',
    });
  });
});

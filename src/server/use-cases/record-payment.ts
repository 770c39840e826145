import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { assertMove, holdIsLive } from '../../domain/booking-lifecycle.ts';
import { eTicketNumber, ticketNumber } from '../../domain/ticket-numbers.ts';
import type { Database } from '../db/client.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import {
  anySailingCancelled,
  legsStillFit,
  lockLedgerRowsOf,
  lockSailingsOfBooking,
} from '../db/queries/inventory.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { queueMailOnce } from '../db/queries/queue-mail.ts';
import { paymentReceipts, payments, refunds, tickets } from '../db/schema/payments.ts';
import type { ReportedPayment } from '../payments/gateway.ts';
import { refundRoute } from '../db/queries/refund-path.ts';
import { writeAudit } from '../services/audit.ts';
import type { AgencyCalendar } from './ports.ts';
import type { Actor, UseCaseContext } from './context.ts';

export type PaymentOutcome =
  /** Booking paid, tickets issued (possibly late, with its seats still free). */
  | 'confirmed'
  /** This gateway payment was recorded before (a replayed or retried callback): nothing changed. */
  | 'duplicate'
  /** No VA of ours has this external id. */
  | 'unknown'
  /** Less than the amount due: recorded and queued for refund; the booking stays as it was. */
  | 'underpaid'
  /** Paid after the deadline and its seats were sold meanwhile: recorded and queued for refund. */
  | 'late_seats_gone'
  /** The booking was already paid by another payment: recorded and queued for refund. */
  | 'already_paid';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Tickets for every passenger on every leg, and each passenger's e-ticket number. */
async function issueTickets(tx: Tx, booking: { id: string; code: string }, now: Date) {
  const [legs, people] = await Promise.all([
    tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, booking.id)).orderBy(asc(bookingLegs.leg)),
    tx.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, booking.id)),
  ]);
  for (const person of people)
    await tx
      .update(bookingPassengers)
      .set({ eTicketNumber: eTicketNumber(booking.code, person.position) })
      .where(
        and(eq(bookingPassengers.bookingId, booking.id), eq(bookingPassengers.position, person.position)),
      );
  const rows = people.flatMap((person) =>
    legs.map((leg) => ({
      ticketNumber: ticketNumber(booking.code, person.position, leg.leg),
      bookingId: booking.id,
      position: person.position,
      leg: leg.leg,
      issuedAt: now,
    })),
  );
  if (rows.length > 0) await tx.insert(tickets).values(rows).onConflictDoNothing();
}

/**
 * A payment the gateway vouches for. Locks the booking's sailings (id order), then the booking, then reads the
 * clock: the one lock order (docs/decisions/0001-lock-order.md), and a decision made at the time the locks were
 * granted, not when the callback arrived. A payment already recorded changes nothing; a paid booking never moves
 * back; a payment while the hold is live confirms; a late one (including one that waited for the lock across the
 * deadline) confirms only if its seats are still free, counted under those locks, else it is kept, queued for
 * refund and the traveller is told by e-mail. Every payment is recorded.
 */
export function recordReportedPayment(
  reported: ReportedPayment,
  context: { db: Database; clock: () => Date; by: Actor | 'system'; calendar: AgencyCalendar },
): Promise<{ outcome: PaymentOutcome; bookingId?: string }> {
  const { db, clock, by, calendar } = context;
  return lockingTransaction(db, async (tx) => {
    const [known] = await tx
      .select({ bookingId: payments.bookingId })
      .from(payments)
      .where(eq(payments.externalId, reported.externalId));
    if (!known) return { outcome: 'unknown' as const };
    const bookingId = known.bookingId;
    const legs = await lockSailingsOfBooking(tx, bookingId);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    await lockLedgerRowsOf(tx, [bookingId]);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.externalId, reported.externalId))
      .for('update');
    const now = clock();
    if (!booking || !payment) return { outcome: 'unknown' as const };
    const [seen] = await tx
      .select({ id: paymentReceipts.id })
      .from(paymentReceipts)
      .where(eq(paymentReceipts.gatewayPaymentId, reported.gatewayPaymentId));
    if (seen) return { outcome: 'duplicate' as const, bookingId };

    let outcome: Exclude<PaymentOutcome, 'duplicate' | 'unknown'>;
    if (booking.status === 'paid') outcome = 'already_paid';
    else if (reported.amount < payment.amount) outcome = 'underpaid';
    else if (holdIsLive(booking, now) || (await legsStillFit(tx, legs, now))) outcome = 'confirmed';
    else outcome = 'late_seats_gone';
    const applied = await applyPayment(tx, { booking, payment, reported, outcome, now, by, calendar });
    // Paid for a sailing the operator cancelled meanwhile (a VA issued before): the money is taken and the tickets
    // issued, and the traveller is told at once of the free reschedule or the refund without fee.
    if (outcome === 'confirmed' && (await anySailingCancelled(tx, legs)))
      await queueMailOnce(tx, bookingId, 'sailing_cancelled');
    return applied;
  });
}

async function applyPayment(
  tx: Tx,
  input: {
    booking: typeof bookings.$inferSelect;
    payment: typeof payments.$inferSelect;
    reported: ReportedPayment;
    outcome: Exclude<PaymentOutcome, 'duplicate' | 'unknown'>;
    now: Date;
    by: Actor | 'system';
    calendar: AgencyCalendar;
  },
): Promise<{ outcome: PaymentOutcome; bookingId: string }> {
  const { booking, payment, reported, outcome, now, by, calendar } = input;
  const bookingId = booking.id;
  const [receipt] = await tx
    .insert(paymentReceipts)
    .values({
      paymentId: payment.id,
      gatewayPaymentId: reported.gatewayPaymentId,
      amount: reported.amount,
      paidAt: reported.paidAt,
      outcome,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: paymentReceipts.id });
  if (!receipt) return { outcome: 'duplicate', bookingId }; // recorded by a concurrent delivery
  // Every money movement is in the audit log, written in this transaction: there exactly when it happened.
  await writeAudit(tx, {
    by,
    action: 'payment.recorded',
    subject: { type: 'payment', id: payment.id },
    bookingId,
    after: { receiptId: receipt.id, ...reported, outcome },
    at: now,
  });
  const refundOf = async (
    amount: number,
    reason: 'late_seats_gone' | 'underpaid' | 'overpaid' | 'already_paid',
  ) => {
    const [refund] = await tx
      .insert(refunds)
      .values({
        bookingId,
        amount,
        reason,
        createdAt: now,
        dueOn: calendar.refundDueOn(now),
        // A card or QRIS payment goes back where it came from, at once; a VA's by the agency's transfer.
        ...refundRoute({ id: receipt.id, method: payment.method, paidAt: reported.paidAt }, now),
      })
      .returning({ id: refunds.id });
    if (refund)
      await writeAudit(tx, {
        by,
        action: 'refund.queued',
        subject: { type: 'refund', id: refund.id },
        bookingId,
        after: { amount, reason, receiptId: receipt.id },
        at: now,
      });
  };

  if (outcome !== 'confirmed') {
    await refundOf(reported.amount, outcome);
    if (outcome === 'late_seats_gone') {
      assertMove(booking.status, 'expired');
      await tx.update(payments).set({ status: 'expired' }).where(eq(payments.id, payment.id));
      await tx.update(bookings).set({ status: 'expired', updatedAt: now }).where(eq(bookings.id, bookingId));
      // They paid and get no tickets: say so, with the amount and when it comes back.
      await queueMailOnce(tx, bookingId, 'late_payment_refund');
    }
    return { outcome, bookingId };
  }
  assertMove(booking.status, 'paid');
  if (reported.amount > payment.amount) await refundOf(reported.amount - payment.amount, 'overpaid');
  await tx
    .update(payments)
    .set({ status: 'paid', paidAt: reported.paidAt })
    .where(eq(payments.id, payment.id));
  // Another method still open (the attempt that replaced this one, a QR the traveller saved): closed at the gateway
  // by the sweeper, so nobody pays a booking twice.
  await tx
    .update(payments)
    .set({ status: 'replaced' })
    .where(
      and(
        eq(payments.bookingId, bookingId),
        ne(payments.id, payment.id),
        inArray(payments.status, ['creating', 'pending']),
      ),
    );
  // The fee of the method that paid: the traveller may have switched methods (fees differ) and paid the first.
  const subtotal = booking.price.total - booking.price.transactionFee;
  const price = { ...booking.price, transactionFee: payment.amount - subtotal, total: payment.amount };
  await tx
    .update(bookings)
    .set({
      status: 'paid',
      paidAt: now,
      updatedAt: now,
      ...(payment.amount === booking.price.total ? {} : { price }),
    })
    .where(eq(bookings.id, bookingId));
  await issueTickets(tx, booking, now);
  await queueMailOnce(tx, bookingId, 'booking_paid');
  return { outcome, bookingId };
}

/**
 * Use case: a payment a gateway vouches for (its adapter authenticated the callback and checked the values:
 * `reportedPayment` in payments/gateway.ts). Recorded once, whatever happens to the booking.
 */
export const recordPayment = {
  name: 'record-payment',
  async run(ctx: UseCaseContext, reported: ReportedPayment) {
    const result = await recordReportedPayment(reported, {
      db: ctx.db,
      clock: ctx.clock,
      by: ctx.actor,
      calendar: ctx.calendar,
    });
    // A new payment queued its e-ticket (or its refund notice): out now, not at the next sweep.
    if (result.outcome !== 'duplicate' && result.outcome !== 'unknown') ctx.afterCommit(ctx.wakeMail);
    return result;
  },
};

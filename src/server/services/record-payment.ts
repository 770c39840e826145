import { and, asc, eq } from 'drizzle-orm';
import { eTicketNumber, ticketNumber } from '../../domain/ticket-numbers.ts';
import type { Database } from '../db/client.ts';
import { lockSailings } from '../db/queries/inventory.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { paymentReceipts, payments, refunds, sentMails, tickets } from '../db/schema/payments.ts';
import type { ReportedPayment } from '../payments/gateway.ts';

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

/** Whether every sailing of the booking still has its seats free (the booking itself no longer counts). */
async function seatsStillFree(tx: Tx, bookingId: string, now: Date): Promise<boolean> {
  const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, bookingId));
  const ids = legs.flatMap((leg) => (leg.sailingId ? [leg.sailingId] : []));
  const sailings = await lockSailings(tx, ids, now);
  return legs.every((leg) => {
    if (!leg.sailingId) return true; // an open ticket holds no seat
    const sailing = sailings.find((s) => s.id === leg.sailingId);
    if (sailing?.status !== 'scheduled') return false;
    return sailing.departsAt > now && sailing.capacity - sailing.taken >= leg.seats;
  });
}

/**
 * A payment the gateway vouches for. Under the booking's row lock: a payment already recorded changes nothing; a
 * paid booking never moves back; an on-time payment confirms; a late one confirms only if its seats are still free
 * (locked and counted like a new hold), else it is kept and queued for refund. Every payment is recorded.
 */
export async function recordPayment(
  reported: ReportedPayment,
  context: { db: Database; now: Date },
): Promise<{ outcome: PaymentOutcome; bookingId?: string }> {
  const { db, now } = context;
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ bookingId: payments.bookingId })
      .from(payments)
      .where(eq(payments.externalId, reported.externalId));
    if (!known) return { outcome: 'unknown' };
    const bookingId = known.bookingId;
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.externalId, reported.externalId))
      .for('update');
    if (!booking || !payment) return { outcome: 'unknown' };
    const [seen] = await tx
      .select({ id: paymentReceipts.id })
      .from(paymentReceipts)
      .where(eq(paymentReceipts.gatewayPaymentId, reported.gatewayPaymentId));
    if (seen) return { outcome: 'duplicate', bookingId };

    const live =
      (booking.status === 'held' || booking.status === 'awaiting_payment') &&
      booking.expiresAt !== null &&
      booking.expiresAt > now;
    let outcome: Exclude<PaymentOutcome, 'duplicate' | 'unknown'>;
    if (booking.status === 'paid') outcome = 'already_paid';
    else if (reported.amount < payment.amount) outcome = 'underpaid';
    else if (live || (await seatsStillFree(tx, bookingId, now))) outcome = 'confirmed';
    else outcome = 'late_seats_gone';

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
    const refundOf = (
      amount: number,
      reason: 'late_seats_gone' | 'underpaid' | 'overpaid' | 'already_paid',
    ) => tx.insert(refunds).values({ bookingId, receiptId: receipt.id, amount, reason, createdAt: now });

    if (outcome !== 'confirmed') {
      await refundOf(reported.amount, outcome);
      if (outcome === 'late_seats_gone') {
        await tx.update(payments).set({ status: 'expired' }).where(eq(payments.id, payment.id));
        await tx
          .update(bookings)
          .set({ status: 'expired', updatedAt: now })
          .where(eq(bookings.id, bookingId));
      }
      return { outcome, bookingId };
    }
    if (reported.amount > payment.amount) await refundOf(reported.amount - payment.amount, 'overpaid');
    await tx
      .update(payments)
      .set({ status: 'paid', paidAt: reported.paidAt })
      .where(eq(payments.id, payment.id));
    await tx
      .update(bookings)
      .set({ status: 'paid', paidAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    await issueTickets(tx, booking, now);
    await tx.insert(sentMails).values({ bookingId, kind: 'booking_paid' }).onConflictDoNothing();
    return { outcome, bookingId };
  });
}

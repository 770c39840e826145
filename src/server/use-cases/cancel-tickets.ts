import { and, eq, inArray, sql } from 'drizzle-orm';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import { cancellationOffer } from '../../domain/offers.ts';
import { cancellationSchema, type CancellationInput } from '../../schemas/cancellation.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { cancellationRefundRoute } from '../db/queries/refund-path.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { refunds, tickets } from '../db/schema/payments.ts';
import { refuseCancellation } from '../offer-refusals.ts';
import { Refused, type ErrorKeys } from '../validation-errors.ts';
import { assertBookingAccess } from '../services/booking-access.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { lockPaidTickets } from './lock-paid-tickets.ts';
import { writeAudit } from '../services/audit.ts';

export interface Cancelled {
  cancelled: string[];
  /** What was paid for them, the fees kept and the refund (rupiah). */
  paid: number;
  fee: number;
  refund: number;
  /** The Batam date the refund is promised by; absent when there is nothing to refund. */
  refundDueOn?: string;
}

type Input = CancellationInput & { bookingId: string };

/** The refund account's fields, each refused when missing: asked only when there is money to send back. */
function missingAccount(input: Input): ErrorKeys {
  const errors: ErrorKeys = {};
  if (!input.bank) errors.bank = [{ key: 'cancel_error_bank' }];
  if (!input.accountNumber) errors.accountNumber = [{ key: 'cancel_error_account_number' }];
  if (!input.accountHolder) errors.accountHolder = [{ key: 'cancel_error_account_holder' }];
  return errors;
}

/**
 * Cancellation (docs/product-rules.md, Cancellation and refunds), per ticket: up to 2 hours before departure
 * with a fee of IDR 150,000 a ticket (the refund never below zero, the transaction fee kept), or, for a
 * sailing the operator cancelled, up to 1 week after it without fee. Locks the booking's sailings, then the
 * booking, then its tickets, the order a check-in of the same ticket follows too (booking, then tickets), so
 * one of the two wins and the other sees it. The seats go back on sale in the same transaction; the refund
 * joins the agency's queue with its promised date.
 */
export async function cancelTickets(
  ctx: UseCaseContext,
  input: Input,
  /** The agency's cancellation (the console): why, and whether the fee is waived (admins decide that). */
  byStaff?: { staffId: string; reason: string; waiveFee: boolean },
): Promise<Cancelled> {
  return lockingTransaction(ctx.db, async (tx) => {
    const { booking, chosen, now, offered } = await lockPaidTickets(
      tx,
      { ...input, lockSeats: ctx.lockSeats, now: ctx.clock },
      { notPaid: 'cancel_error_not_paid', unknownTicket: 'cancel_error_ticket' },
    );
    // The offer the cancellation page showed, asked again under the locks: each ticket still cancellable, and those
    // who stay on each sailing still a party that may travel (no child left without an adult).
    const { choice: offer } = cancellationOffer(offered, now, input.tickets);
    if (!offer || offer.refusal) throw refuseCancellation(offer?.refusal ?? 'unknown_ticket');
    // A waived fee goes back with the refund; the rest of the offer (what may be cancelled, and when) still holds.
    const choice = byStaff?.waiveFee ? { ...offer, fee: 0, refund: offer.refund + offer.fee } : offer;
    for (const ticket of chosen) assertTicketMove(ticket.status, 'cancelled');
    // Back to the card or wallet that paid while the gateway can; else a transfer to the account asked for here.
    const route = await cancellationRefundRoute(tx, booking.id, now);
    if (choice.refund > 0 && route.path === 'bank_transfer') {
      const missing = missingAccount(input);
      if (Object.keys(missing).length > 0) throw new Refused(400, missing);
    }

    await tx.update(tickets).set({ status: 'cancelled' }).where(inArray(tickets.ticketNumber, input.tickets));
    // Their seats go back on sale: each segment holds one seat fewer per adult or child cancelled.
    const seated = offered.filter((t) => input.tickets.includes(t.ticketNumber) && t.category !== 'infant');
    for (const [key, group] of Map.groupBy(seated, (t) => `${String(t.leg)}:${String(t.segment)}`)) {
      const [leg, segment] = key.split(':').map(Number);
      await tx
        .update(bookingLegs)
        .set({ seats: sql`${bookingLegs.seats} - ${group.length}` })
        .where(
          and(
            eq(bookingLegs.bookingId, booking.id),
            eq(bookingLegs.leg, leg ?? 0),
            eq(bookingLegs.segment, segment ?? 0),
          ),
        );
    }
    // The cancellation's own line of the booking's history, even when nothing is refunded: the traveller's, or the
    // agency's with its reason (one row either way).
    const cancelled = { tickets: input.tickets, fee: choice.fee, refund: choice.refund };
    await writeAudit(tx, {
      by: byStaff ? { kind: 'staff', staffId: byStaff.staffId } : ctx.actor,
      action: byStaff ? 'booking.cancelled_by_staff' : 'booking.cancelled',
      subject: { type: 'booking', id: booking.id },
      bookingId: booking.id,
      reason: byStaff?.reason,
      after: byStaff ? { ...cancelled, feeWaived: byStaff.waiveFee } : cancelled,
      at: now,
    });
    let dueOn: string | undefined;
    if (choice.refund > 0) {
      dueOn = ctx.calendar.refundDueOn(now);
      const queued = {
        bookingId: booking.id,
        amount: choice.refund,
        reason: choice.operatorCancelled
          ? ('operator_cancelled' as const)
          : choice.operatorDelayed
            ? ('operator_delayed' as const)
            : ('cancellation' as const),
        ticketNumbers: chosen.map((t) => t.ticketNumber),
        ...route,
        // No account is kept for a refund the gateway returns: a failed one asks the traveller for one anew.
        bank: route.path === 'bank_transfer' ? (input.bank ?? null) : null,
        accountNumber: route.path === 'bank_transfer' ? (input.accountNumber ?? null) : null,
        accountHolder: route.path === 'bank_transfer' ? (input.accountHolder ?? null) : null,
        dueOn,
      };
      const [refund] = await tx.insert(refunds).values(queued).returning({ id: refunds.id });
      if (refund)
        await writeAudit(tx, {
          by: ctx.actor,
          action: 'refund.queued',
          subject: { type: 'refund', id: refund.id },
          bookingId: booking.id,
          // The holder's name stays in the refund's own row (which the agency pays from), not in the permanent log.
          after: { ...queued, accountHolder: undefined },
          at: now,
        });
    }
    await queueCurrentStateMail(tx, booking.id, 'booking_cancelled');
    return {
      cancelled: chosen.map((t) => t.ticketNumber),
      paid: choice.paid,
      fee: choice.fee,
      refund: choice.refund,
      ...(dueOn ? { refundDueOn: dueOn } : {}),
    };
  });
}

/** Use case: cancel tickets of a paid booking, queueing their refund; only for whoever proves the booking. */
export const cancelBookingTickets = defineUseCase({
  name: 'cancel-tickets',
  input: cancellationSchema,
  address: bookingAddress,
  async run(ctx: UseCaseContext, input: Input): Promise<Cancelled> {
    await assertBookingAccess(ctx, input.bookingId, 'cancel');
    const cancelled = await cancelTickets(ctx, input);
    ctx.afterCommit(ctx.wakeMail); // the cancellation, by e-mail
    return cancelled;
  },
  route: { method: 'POST', path: '/bookings/:id/cancellation', caller: 'booking' },
  form: {
    next: (_cancelled, ctx, input) => `${localizePath(`/booking/${input.bookingId}`, ctx.locale)}?cancelled`,
  },
  refusals: [401, 403, 404, 409, 422],
});

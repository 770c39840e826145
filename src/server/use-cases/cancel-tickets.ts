import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  cancellationQuote,
  cancellationRefusal,
  splitKeepsMinorsAccompanied,
  travelling,
  type CancellationRefusal,
} from '../../domain/after-sales.ts';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import { paidForTicket } from '../../domain/pricing.ts';
import { openTicketValidity } from '../../domain/ticket-validity.ts';
import { cancellationSchema, type CancellationInput } from '../../schemas/cancellation.ts';
import { refundDueOn } from '../calendar/indonesian-holidays.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { refunds, tickets } from '../db/schema/payments.ts';
import { Refused, refuse, type ErrorKeys, type RefusalCode } from '../validation-errors.ts';
import { assertBookingAccess } from '../services/booking-access.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { lockPaidTickets } from './lock-paid-tickets.ts';

/** Each refusal's message key: the use case refuses with it, the page shows it beside a ticket it concerns. */
export const cancellationRefusalCodes: Record<CancellationRefusal, RefusalCode> = {
  change_closed: 'cancel_error_closed',
  claim_closed: 'cancel_error_claim_closed',
  checked_in: 'cancel_error_checked_in',
  not_active: 'cancel_error_not_active',
};

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
 * Cancellation (PRODUCT.md section 5), per ticket: up to 2 hours before departure with a fee of IDR 150,000 a
 * ticket (the refund never below zero, the transaction fee kept), or, for a sailing the operator cancelled, up to
 * 1 week after it without fee. Locks the booking's sailings, then the booking, then its tickets, the order a check-in
 * of the same ticket follows too (booking, then tickets), so one of the two wins and the other sees it. The seats go
 * back on sale in the same transaction; the refund joins the agency's queue with its promised date.
 */
async function cancelTickets(ctx: UseCaseContext, input: Input): Promise<Cancelled> {
  return lockingTransaction(ctx.db, async (tx) => {
    const { booking, all, chosen, now, categoryOf, sailingOf } = await lockPaidTickets(
      tx,
      { ...input, lockSeats: ctx.lockSeats, now: ctx.clock },
      { notPaid: 'cancel_error_not_paid', unknownTicket: 'cancel_error_ticket' },
    );

    const priced = chosen.map((ticket) => {
      const sailing = sailingOf(ticket);
      const operatorCancelled = sailing?.status === 'cancelled';
      const departure = sailing?.departsAt ?? openTicketValidity(ticket.issuedAt, now);
      const refusal = cancellationRefusal(ticket, departure, now, operatorCancelled);
      if (refusal) throw refuse('tickets', cancellationRefusalCodes[refusal]);
      assertTicketMove(ticket.status, 'cancelled');
      const category = categoryOf(ticket.position);
      return {
        ticket,
        category,
        operatorCancelled,
        paid: paidForTicket(booking.price, ticket.leg, category),
      };
    });
    // Those who stay on each sailing must still be a party that may travel (no child left without an adult).
    const staying = all.filter(
      (t) => !input.tickets.includes(t.ticketNumber) && travelling.includes(t.status),
    );
    const groups = Map.groupBy(staying, (t) => `${String(t.leg)}:${String(t.segment)}`);
    if (!splitKeepsMinorsAccompanied([...groups.values()].map((g) => g.map((t) => categoryOf(t.position)))))
      throw refuse('tickets', 'cancel_error_minors');
    const quote = cancellationQuote(priced);
    if (quote.refund > 0) {
      const missing = missingAccount(input);
      if (Object.keys(missing).length > 0) throw new Refused(400, missing);
    }

    await tx.update(tickets).set({ status: 'cancelled' }).where(inArray(tickets.ticketNumber, input.tickets));
    // Their seats go back on sale: each segment holds one seat fewer per adult or child cancelled.
    const seated = priced.filter((p) => p.category !== 'infant');
    for (const [key, group] of Map.groupBy(
      seated,
      (p) => `${String(p.ticket.leg)}:${String(p.ticket.segment)}`,
    )) {
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
    let dueOn: string | undefined;
    if (quote.refund > 0) {
      dueOn = refundDueOn(now);
      await tx.insert(refunds).values({
        bookingId: booking.id,
        amount: quote.refund,
        reason: priced.every((p) => p.operatorCancelled) ? 'operator_cancelled' : 'cancellation',
        ticketNumbers: priced.map((p) => p.ticket.ticketNumber),
        bank: input.bank ?? null,
        accountNumber: input.accountNumber ?? null,
        accountHolder: input.accountHolder ?? null,
        dueOn,
      });
    }
    await queueCurrentStateMail(tx, booking.id, 'booking_cancelled');
    return {
      cancelled: priced.map((p) => p.ticket.ticketNumber),
      ...quote,
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
    next: (_cancelled, ctx, input) =>
      `${localizePath(`/booking/check-order/${input.bookingId}`, ctx.locale)}?cancelled`,
  },
  refusals: [401, 403, 404, 409, 422],
});

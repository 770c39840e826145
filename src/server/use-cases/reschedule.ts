import { and, eq, inArray, sql } from 'drizzle-orm';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import { rescheduleOffer } from '../../domain/offers.ts';
import { ticketNumber } from '../../domain/ticket-numbers.ts';
import { rescheduleSchema, type RescheduleRequest } from '../../schemas/reschedule.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { refuseReschedule } from '../offer-refusals.ts';
import { refuse } from '../validation-errors.ts';
import { assertBookingAccess } from '../services/booking-access.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { lockPaidTickets } from './lock-paid-tickets.ts';

export interface Rescheduled {
  /** Each moved ticket and the one issued in its place. */
  moved: { from: string; to: string }[];
  /** Owed at the counter before boarding: moving onto another operator's sailing. */
  counterFee: number;
}

type Input = ReturnType<typeof rescheduleSchema.parse> & { bookingId: string };

/**
 * Reschedule (docs/product-rules.md, Rescheduling): moves the chosen passengers of one leg onto another
 * sailing of its route. The old sailings and the new one are locked together, in id order, before the booking
 * (docs/decisions/0001), so 50 travellers racing for 5 free seats get exactly 5 moves; their seats leave the
 * old sailing and take the new one in the same transaction. The moved tickets become `rescheduled` and new
 * ones (new numbers) are issued on a new segment of the leg; an e-mail with the new e-ticket goes out.
 */
async function moveTickets(ctx: UseCaseContext, input: Input): Promise<Rescheduled> {
  return lockingTransaction(ctx.db, async (tx) => {
    const { booking, legs, chosen, now, sailingRows, categoryOf, offered } = await lockPaidTickets(
      tx,
      { ...input, more: [input.sailing], lockSeats: ctx.lockSeats, now: ctx.clock },
      { notPaid: 'reschedule_error_not_paid', unknownTicket: 'reschedule_error_ticket' },
    );
    const target = sailingRows.find((s) => s.id === input.sailing);
    if (!target) throw refuse('sailing', 'reschedule_error_sailing');
    // The offer the reschedule page showed, asked again under the locks with the sailing chosen: every ticket may
    // move onto it, the party split keeps each minor with an adult, the other leg still fits, and the fees.
    const { choice } = rescheduleOffer(offered, now, { tickets: input.tickets, target });
    if (!choice || choice.refusal) throw refuseReschedule(choice?.refusal ?? 'unknown_ticket');
    for (const ticket of chosen) assertTicketMove(ticket.status, 'rescheduled');
    if (choice.counterFee > 0 && input.payment !== 'counter')
      throw refuse('payment', 'reschedule_error_payment');

    const direction = chosen[0]?.leg ?? 0;
    const moving = new Set(chosen.map((t) => t.ticketNumber));
    const seats = chosen.filter((t) => categoryOf(t.position) !== 'infant');
    if (target.capacity - target.taken < seats.length) throw refuse('sailing', 'reschedule_error_sold_out');

    const segment = Math.max(...legs.filter((l) => l.leg === direction).map((l) => l.segment)) + 1;
    await tx.insert(bookingLegs).values({
      bookingId: booking.id,
      leg: direction,
      segment,
      routeId: target.routeId,
      operatorCode: target.operatorCode,
      sailingId: target.id,
      seats: seats.length,
    });
    for (const [from, left] of Map.groupBy(seats, (t) => t.segment))
      await tx
        .update(bookingLegs)
        .set({ seats: sql`${bookingLegs.seats} - ${left.length}` })
        .where(
          and(
            eq(bookingLegs.bookingId, booking.id),
            eq(bookingLegs.leg, direction),
            eq(bookingLegs.segment, from),
          ),
        );
    await tx
      .update(tickets)
      .set({ status: 'rescheduled' })
      .where(inArray(tickets.ticketNumber, [...moving]));
    const moved = chosen.map((t) => ({
      from: t.ticketNumber,
      to: ticketNumber(booking.code, t.position, direction, segment),
    }));
    await tx.insert(tickets).values(
      chosen.map((t, i) => ({
        ticketNumber: moved[i]?.to ?? '',
        bookingId: booking.id,
        position: t.position,
        leg: direction,
        segment,
        status: 'active' as const,
        issuedAt: now,
        rescheduledFrom: t.ticketNumber,
        counterFee: choice.fees[t.ticketNumber] ?? 0,
      })),
    );
    await queueCurrentStateMail(tx, booking.id, 'booking_rescheduled');
    return { moved, counterFee: choice.counterFee };
  });
}

/**
 * Use case: move passengers of a paid booking onto another sailing of the same route; only for whoever proves the
 * booking.
 */
export const reschedule = defineUseCase({
  name: 'reschedule',
  input: rescheduleSchema,
  address: bookingAddress,
  async run(ctx: UseCaseContext, input: Input): Promise<Rescheduled> {
    await assertBookingAccess(ctx, input.bookingId, 'reschedule');
    const moved = await moveTickets(ctx, input);
    ctx.afterCommit(ctx.wakeMail); // the new e-ticket, by e-mail
    return moved;
  },
  route: { method: 'POST', path: '/bookings/:id/reschedule', caller: 'booking' },
  form: {
    next: (_moved, ctx, input) => `${localizePath(`/booking/${input.bookingId}`, ctx.locale)}?rescheduled`,
  },
  refusals: [401, 403, 404, 409, 422],
});

export type { RescheduleRequest };

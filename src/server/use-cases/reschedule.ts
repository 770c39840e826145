import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  rescheduleFee,
  rescheduleRefusal,
  splitKeepsMinorsAccompanied,
  targetSailingRefusal,
  travelling,
  type RescheduleRefusal,
  type TargetSailingRefusal,
} from '../../domain/after-sales.ts';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import { ticketNumber } from '../../domain/ticket-numbers.ts';
import { returnLeavesInTime } from '../../domain/trip-dates.ts';
import { rescheduleSchema, type RescheduleRequest } from '../../schemas/reschedule.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { bookingLegs } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { refuse, type RefusalCode } from '../validation-errors.ts';
import { assertBookingAccess } from '../services/booking-access.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { lockPaidTickets } from './lock-paid-tickets.ts';

/** Each refusal's message key: the use case refuses with it, the page shows it beside a passenger who cannot move. */
export const rescheduleRefusalCodes: Record<RescheduleRefusal, RefusalCode> = {
  change_closed: 'reschedule_error_closed',
  claim_closed: 'reschedule_error_cancelled_closed',
  checked_in: 'reschedule_error_checked_in',
  already_rescheduled: 'reschedule_error_already',
  not_active: 'reschedule_error_not_active',
};

const sailingRefusals: Record<TargetSailingRefusal, RefusalCode> = {
  same_sailing: 'reschedule_error_same_sailing',
  other_route: 'reschedule_error_sailing',
  not_scheduled: 'reschedule_error_sailing',
  too_soon: 'reschedule_error_too_soon',
};

export interface Rescheduled {
  /** Each moved ticket and the one issued in its place. */
  moved: { from: string; to: string }[];
  /** Owed at the counter before boarding: moving onto another operator's sailing. */
  counterFee: number;
}

type Input = ReturnType<typeof rescheduleSchema.parse> & { bookingId: string };

/**
 * Reschedule (PRODUCT.md section 5): moves the chosen passengers of one leg onto another sailing of its route. The
 * old sailings and the new one are locked together, in id order, before the booking (docs/decisions/0001), so 50
 * travellers racing for 5 free seats get exactly 5 moves; their seats leave the old sailing and take the new one
 * in the same transaction. The moved tickets become `rescheduled` and new ones (new numbers) are issued on a new
 * segment of the leg; an e-mail with the new e-ticket goes out.
 */
async function moveTickets(ctx: UseCaseContext, input: Input): Promise<Rescheduled> {
  return lockingTransaction(ctx.db, async (tx) => {
    const { booking, legs, all, chosen, now, sailingRows, categoryOf, segmentOf, sailingOf } =
      await lockPaidTickets(
        tx,
        { ...input, more: [input.sailing], lockSeats: ctx.lockSeats, now: ctx.clock },
        { notPaid: 'reschedule_error_not_paid', unknownTicket: 'reschedule_error_ticket' },
      );
    const direction = chosen[0]?.leg ?? 0;
    if (chosen.some((t) => t.leg !== direction)) throw refuse('tickets', 'reschedule_error_one_leg');
    const target = sailingRows.find((s) => s.id === input.sailing);
    if (!target) throw refuse('sailing', 'reschedule_error_sailing');

    let counterFee = 0;
    const fees = new Map<string, number>();
    for (const ticket of chosen) {
      const segment = segmentOf(ticket);
      const sailing = sailingOf(ticket);
      // An open ticket names no sailing: it is claimed, not rescheduled.
      if (!segment || !sailing) throw refuse('tickets', 'reschedule_error_not_active');
      const cancelled = sailing.status === 'cancelled';
      const refusal = rescheduleRefusal(ticket, sailing.departsAt, now, cancelled);
      if (refusal) throw refuse('tickets', rescheduleRefusalCodes[refusal]);
      assertTicketMove(ticket.status, 'rescheduled');
      const onTarget = targetSailingRefusal(segment, target, now);
      if (onTarget) throw refuse('sailing', sailingRefusals[onTarget]);
      // The operator cancelled: moving is free, whoever runs the new sailing.
      const fee = cancelled ? 0 : rescheduleFee(segment.operatorCode, target.operatorCode, 1);
      fees.set(ticket.ticketNumber, fee);
      counterFee += fee;
    }
    if (counterFee > 0 && input.payment !== 'counter') throw refuse('payment', 'reschedule_error_payment');

    const moving = new Set(chosen.map((t) => t.ticketNumber));
    const onLeg = all.filter((t) => t.leg === direction && travelling.includes(t.status));
    const staying = Map.groupBy(
      onLeg.filter((t) => !moving.has(t.ticketNumber)),
      (t) => t.segment,
    );
    const groups = [chosen, ...staying.values()].map((group) => group.map((t) => categoryOf(t.position)));
    if (!splitKeepsMinorsAccompanied(groups)) throw refuse('tickets', 'reschedule_error_minors');

    // The other leg of a return trip must still fit around the new sailing, for every passenger who moves.
    for (const ticket of chosen) {
      const other = all.find(
        (t) => t.position === ticket.position && t.leg !== direction && travelling.includes(t.status),
      );
      const otherSailing = other ? sailingOf(other) : undefined;
      if (!otherSailing) continue;
      const fits =
        direction === 0
          ? returnLeavesInTime(target.arrivesAt, otherSailing.departsAt)
          : returnLeavesInTime(otherSailing.arrivesAt, target.departsAt);
      if (!fits)
        throw refuse(
          'sailing',
          direction === 0 ? 'reschedule_error_after_return' : 'reschedule_error_before_outbound',
        );
    }

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
        counterFee: fees.get(t.ticketNumber) ?? 0,
      })),
    );
    await queueCurrentStateMail(tx, booking.id, 'booking_rescheduled');
    return { moved, counterFee };
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
    next: (_moved, ctx, input) =>
      `${localizePath(`/booking/check-order/${input.bookingId}`, ctx.locale)}?rescheduled`,
  },
  refusals: [401, 403, 404, 409, 422],
});

export type { RescheduleRequest };

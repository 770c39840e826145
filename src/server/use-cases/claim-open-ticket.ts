import { and, asc, eq, inArray } from 'drizzle-orm';
import { assertTicketMove } from '../../domain/booking-lifecycle.ts';
import { claimOffer } from '../../domain/offers.ts';
import { toLocal } from '../../domain/port-time.ts';
import { claimSchema, type ClaimRequest } from '../../schemas/claim.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { lockBookingForChange, sailingsWithSeats } from '../db/queries/inventory.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookingLegs, bookingPassengers } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { refuseClaim } from '../offer-refusals.ts';
import { lockedOfferTickets } from '../services/offer-input.ts';
import { refuse } from '../validation-errors.ts';
import { assertBookingAccess } from '../services/booking-access.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

export interface Claimed {
  sailingId: string;
  tickets: string[];
}

/**
 * Claiming an open ticket (docs/product-rules.md, Tickets): the party's open leg takes a sailing of its route
 * and operator, leaving at least 1 hour from now and on or before the tickets' last valid day, seats
 * permitting. The sailing is locked before the booking (docs/decisions/0001), so claims and holds racing for
 * its last seats never oversell; the leg's seats start counting on it in the same transaction (the seat
 * ledger's triggers), the tickets become `claimed`, and the e-tickets naming the sailing are e-mailed.
 */
async function claim(ctx: UseCaseContext, input: ClaimRequest & { bookingId: string }): Promise<Claimed> {
  return lockingTransaction(ctx.db, async (tx) => {
    const locked = await lockBookingForChange(tx, input.bookingId, {
      more: [input.sailing],
      lockSeats: ctx.lockSeats,
    });
    if (!locked) throw refuse('booking', 'api_booking_not_found');
    const { booking, legs } = locked;
    if (booking.status !== 'paid') throw refuse('booking', 'claim_error_not_paid');
    const open = legs.find((leg) => leg.segment === 0 && !leg.sailingId);
    if (booking.trip !== 'open' || !open) throw refuse('booking', 'claim_error_not_open');
    const party = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.bookingId, booking.id), eq(tickets.leg, open.leg)))
      .orderBy(asc(tickets.ticketNumber))
      .for('update');
    const now = ctx.clock();
    const [[target], passengers] = await Promise.all([
      sailingsWithSeats(tx, [input.sailing], now),
      tx
        .select({ position: bookingPassengers.position, category: bookingPassengers.category })
        .from(bookingPassengers)
        .where(eq(bookingPassengers.bookingId, booking.id)),
    ]);
    const categoryOf = (position: number) =>
      passengers.find((p) => p.position === position)?.category ?? 'adult';
    if (!target) throw refuse('sailing', 'claim_error_operator');
    const zone = ctx.network.zoneOf(ctx.network.routeById(target.routeId)?.from);
    const date = toLocal(target.departsAt, zone).date;
    // The party's tickets all ride on the open segment: only a reschedule moves a ticket to another, after a claim.
    const offered = lockedOfferTickets(party, { price: booking.price, segments: [open], categoryOf });
    // The offer the claim page showed, asked again under the locks with the sailing chosen.
    const { choice } = claimOffer(offered, now, { ...target, date });
    if (!choice || choice.refusal) throw refuseClaim(choice?.refusal ?? 'not_active');
    const claimable = party.filter((ticket) => choice.tickets.includes(ticket.ticketNumber));
    for (const ticket of claimable) assertTicketMove(ticket.status, 'claimed');
    if (target.capacity - target.taken < open.seats) throw refuse('sailing', 'claim_error_sold_out');

    // The leg's seats count on the sailing from here: the ledger's trigger moves them with sailing_id.
    await tx
      .update(bookingLegs)
      .set({ sailingId: target.id })
      .where(
        and(eq(bookingLegs.bookingId, booking.id), eq(bookingLegs.leg, open.leg), eq(bookingLegs.segment, 0)),
      );
    const numbers = claimable.map((ticket) => ticket.ticketNumber);
    await tx.update(tickets).set({ status: 'claimed' }).where(inArray(tickets.ticketNumber, numbers));
    await queueCurrentStateMail(tx, booking.id, 'open_ticket_claimed');
    return { sailingId: target.id, tickets: numbers };
  });
}

/** Use case: claim a paid open ticket for a sailing of its route and operator; only for whoever proves the booking. */
export const claimOpenTicket = defineUseCase({
  name: 'claim-open-ticket',
  input: claimSchema,
  address: bookingAddress,
  async run(ctx: UseCaseContext, input: ClaimRequest & { bookingId: string }): Promise<Claimed> {
    await assertBookingAccess(ctx, input.bookingId, 'claim');
    const claimed = await claim(ctx, input);
    ctx.afterCommit(ctx.wakeMail); // the e-ticket for the sailing, by e-mail
    return claimed;
  },
  route: { method: 'POST', path: '/bookings/:id/claim', caller: 'booking' },
  form: {
    next: (_claimed, ctx, input) => `${localizePath(`/booking/${input.bookingId}`, ctx.locale)}?claimed`,
  },
  refusals: [401, 403, 404, 409, 422],
});

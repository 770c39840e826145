import { and, eq, inArray } from 'drizzle-orm';
import { travelling } from '../../../domain/after-sales.ts';
import type { TicketStatus } from '../../../domain/booking-lifecycle.ts';
import type { Database } from '../client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../schema/bookings.ts';
import { tickets } from '../schema/payments.ts';

/*
 * The tickets riding a sailing, as the operator's cancellation, its dry run and the manifest read them: from the
 * booking legs on the sailing (`from(bookingLegs)`), their paid bookings, the tickets of each leg segment, and
 * (for who they are) the passengers.
 *
 *   db.select(...).from(bookingLegs)
 *     .innerJoin(bookings, legBooking).innerJoin(tickets, legTickets).innerJoin(bookingPassengers, ticketPassenger)
 *     .where(paidTicketsOn(sailingId, statuses))
 */

/** A leg's booking. */
export const legBooking = eq(bookings.id, bookingLegs.bookingId);

/** The tickets of a leg segment: one per passenger riding it. */
export const legTickets = and(
  eq(tickets.bookingId, bookingLegs.bookingId),
  eq(tickets.leg, bookingLegs.leg),
  eq(tickets.segment, bookingLegs.segment),
);

/** A ticket's passenger. */
export const ticketPassenger = and(
  eq(bookingPassengers.bookingId, tickets.bookingId),
  eq(bookingPassengers.position, tickets.position),
);

/** Tickets in `statuses` of paid bookings on the sailing. */
export const paidTicketsOn = (sailingId: string, statuses: readonly TicketStatus[]) =>
  and(
    eq(bookingLegs.sailingId, sailingId),
    eq(bookings.status, 'paid'),
    inArray(tickets.status, [...statuses]),
  );

/**
 * The travellers still on a sailing (tickets good for travel of its paid bookings), with their booking and leg: whom
 * an operator's cancellation or delay tells, and whose boarding passes it touches. Read under the sailing's lock.
 */
export function travellersOn(tx: Database, sailingId: string) {
  return tx
    .select({
      bookingId: bookingLegs.bookingId,
      leg: tickets.leg,
      ticketNumber: tickets.ticketNumber,
      status: tickets.status,
    })
    .from(bookingLegs)
    .innerJoin(bookings, legBooking)
    .innerJoin(tickets, legTickets)
    .where(paidTicketsOn(sailingId, travelling));
}

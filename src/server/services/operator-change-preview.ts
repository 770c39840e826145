import { travelling } from '../../domain/after-sales.ts';
import { paidForTicket } from '../../domain/pricing.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { legBooking, legTickets, paidTicketsOn, ticketPassenger } from '../db/queries/sailing-tickets.ts';

/** What an operator's cancellation or delay of a sailing touches: the dry run an admin reads before doing it. */
export interface OperatorChangePreview {
  /** Paid bookings with a traveller still on the sailing: each is mailed once. */
  bookings: number;
  /** Tickets still good for travel on it (infants included). */
  travellers: number;
  checkedIn: number;
  /** What the refunds come to if every traveller takes one (no fee is kept when the operator changed the sailing). */
  refundTotal: number;
}

/** The dry run of an operator's change to a sailing, from the same tickets the change itself tells. */
export async function operatorChangePreview(db: Database, sailingId: string): Promise<OperatorChangePreview> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      price: bookings.price,
      leg: tickets.leg,
      status: tickets.status,
      category: bookingPassengers.category,
    })
    .from(bookingLegs)
    .innerJoin(bookings, legBooking)
    .innerJoin(tickets, legTickets)
    .innerJoin(bookingPassengers, ticketPassenger)
    .where(paidTicketsOn(sailingId, travelling));
  return {
    bookings: new Set(rows.map((row) => row.bookingId)).size,
    travellers: rows.length,
    checkedIn: rows.filter((row) => row.status === 'checked_in').length,
    refundTotal: rows.reduce((sum, row) => sum + paidForTicket(row.price, row.leg, row.category), 0),
  };
}

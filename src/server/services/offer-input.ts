import type { OfferSailing, OfferTicket } from '../../domain/offer-ticket.ts';
import type { TicketStatus } from '../../domain/booking-lifecycle.ts';
import type { PassengerCategory } from '../../domain/passengers.ts';
import { paidForTicket, type BookingPrice } from '../../domain/pricing.ts';
import type { BookingLegView, BookingView } from './booking-view.ts';

/**
 * The after-sales offers' tickets (domain/offer-ticket.ts), built two ways: from a booking's view for its pages and
 * mails, and from the rows a use case locked. Both give the same facts, so a page offers exactly what the use case
 * then accepts under its locks.
 */

/**
 * Every ticket of the booking on a leg segment still travelled (a segment everyone left by a reschedule stays only
 * in the history, and its tickets are `rescheduled`: refused by every offer anyway). The tickets carry no issue time
 * of their own in the view: the booking's payment is it, which is what an open ticket's validity counts from.
 */
export function offerTickets(view: BookingView): OfferTicket[] {
  const issuedAt = view.paidAt ?? view.createdAt;
  return view.legs.flatMap((leg) => {
    const sailing = offerSailing(leg);
    return view.passengers.flatMap((passenger) =>
      passenger.tickets
        .filter((ticket) => ticket.leg === leg.leg && ticket.segment === leg.segment)
        .map((ticket) => ({
          ticketNumber: ticket.ticketNumber,
          passenger: passenger.position,
          category: passenger.category,
          status: ticket.status,
          rescheduledFrom: ticket.rescheduledFrom,
          leg: ticket.leg,
          segment: ticket.segment,
          routeId: leg.routeId,
          operatorCode: leg.operatorCode,
          paid: paidForTicket(view.price, ticket.leg, passenger.category),
          issuedAt,
          sailing,
        })),
    );
  });
}

/** A leg's sailing as the offers read it; undefined for an open ticket not claimed yet. */
export function offerSailing(leg: BookingLegView): OfferSailing | undefined {
  if (!leg.sailingId || !leg.departsAt || !leg.arrivesAt) return undefined;
  return {
    id: leg.sailingId,
    departsAt: new Date(leg.departsAt),
    arrivesAt: new Date(leg.arrivesAt),
    cancelled: leg.sailingCancelled,
    delayed: leg.delayedFrom !== undefined,
    delayedAt: leg.delayedAt ? new Date(leg.delayedAt) : undefined,
  };
}

/** A locked ticket row, as the tickets table has it. */
interface TicketRow {
  ticketNumber: string;
  position: number;
  leg: number;
  segment: number;
  status: TicketStatus;
  rescheduledFrom: string | null;
  issuedAt: Date;
}

/** A leg segment of the booking with its sailing as read under the sailing locks (none for an open ticket). */
export interface LockedSegment {
  leg: number;
  segment: number;
  routeId: string;
  operatorCode: string;
  sailing?:
    | {
        id: string;
        departsAt: Date;
        arrivesAt: Date;
        status: string;
        delayed: boolean;
        delayedAt?: Date | null;
      }
    | undefined;
}

/**
 * The offers' tickets from rows a use case read under its locks: the tickets, the booking's price, every leg
 * segment of the booking and each passenger's category.
 */
export function lockedOfferTickets(
  rows: readonly TicketRow[],
  booking: {
    price: BookingPrice;
    segments: readonly LockedSegment[];
    categoryOf: (position: number) => PassengerCategory;
  },
): OfferTicket[] {
  return rows.map((row) => {
    const segment = booking.segments.find((s) => s.leg === row.leg && s.segment === row.segment);
    // The tickets table names a segment of its booking's legs for every ticket: one missing is broken data.
    if (!segment) throw new Error(`ticket ${row.ticketNumber} rides on no leg segment of its booking`);
    const category = booking.categoryOf(row.position);
    const { sailing } = segment;
    return {
      ticketNumber: row.ticketNumber,
      passenger: row.position,
      category,
      status: row.status,
      rescheduledFrom: row.rescheduledFrom,
      leg: row.leg,
      segment: row.segment,
      routeId: segment.routeId,
      operatorCode: segment.operatorCode,
      paid: paidForTicket(booking.price, row.leg, category),
      issuedAt: row.issuedAt,
      sailing: sailing && {
        id: sailing.id,
        departsAt: sailing.departsAt,
        arrivesAt: sailing.arrivesAt,
        cancelled: sailing.status === 'cancelled',
        delayed: sailing.delayed,
        delayedAt: sailing.delayedAt ?? undefined,
      },
    };
  });
}

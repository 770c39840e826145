import type { TicketStatus } from './booking-lifecycle.ts';
import type { PassengerCategory } from './passengers.ts';

/**
 * What the after-sales offers (offers.ts) read of a booking's tickets, and what they answer per ticket. A structural
 * shape, so a page builds it from the booking's view and a use case from the rows it locked
 * (server/services/offer-input.ts), and both ask the same offer.
 */

/** A ticket's sailing as the offers read it. */
export interface OfferSailing {
  id: string;
  departsAt: Date;
  arrivesAt: Date;
  /** The operator cancelled it: free moves and refunds without fee, up to a week after its departure. */
  cancelled: boolean;
  /** The operator delayed it: its travellers keep it, or move it or cancel it free, until check-in closes. */
  delayed: boolean;
  /** When the delay was recorded: a ticket issued after it was bought at the new time, with no free change. */
  delayedAt?: Date | undefined;
}

/** What the four offers need of one ticket: built from a booking's view (pages) or its locked rows (use cases). */
export interface OfferTicket {
  ticketNumber: string;
  /** The passenger's position in the booking: their tickets on both legs of a return trip share it. */
  passenger: number;
  category: PassengerCategory;
  status: TicketStatus;
  /** Set on a ticket a reschedule issued: a ticket moves once, unless the operator cancels its sailing. */
  rescheduledFrom?: string | null | undefined;
  leg: number;
  segment: number;
  /** The route and operator of its leg segment: a move stays on the route, a claim with the operator. */
  routeId: string;
  operatorCode: string;
  /** What was paid for it (fare, terminal fee, surcharge): the base of its refund. */
  paid: number;
  /** When it was issued: an open ticket is valid 3 months from then. */
  issuedAt: Date;
  /** Absent for an open ticket not claimed yet. */
  sailing?: OfferSailing | undefined;
}

/** One ticket's answer: allowed, with what it costs or returns, or refused with the domain's reason. */
export type TicketVerdict<Allowed extends object, Reason extends string> = { ticketNumber: string } & (
  ({ allowed: true } & Allowed) | { allowed: false; reason: Reason }
);

import type { BookingStatus, TicketStatus } from './booking-lifecycle.ts';

/**
 * Where a paid booking and each of its tickets stand, as the traveller reads them on the Manage booking page and in
 * My booking: true to its tickets, so a booking whose every ticket was cancelled never reads "Paid". A cancelled
 * ticket's refund (the refunds name the tickets they repay) says whether the money is on its way or back.
 */

/** A refund as the standings read it: whether it is still to be paid, and the tickets it repays. */
export interface StandingRefund {
  status: 'queued' | 'done';
  ticketNumbers: readonly string[];
}

export type TicketStanding =
  | 'paid'
  | 'open'
  | 'claimed'
  | 'checked_in'
  | 'boarded'
  | 'rescheduled'
  | 'cancelled'
  | 'refund_pending'
  | 'refunded'
  | 'expired';

export type BookingStanding =
  Exclude<BookingStatus, 'paid'> | 'paid' | 'partly_cancelled' | 'cancelled' | 'refund_pending' | 'refunded';

/** One ticket: its own status, an open ticket (no sailing yet) as open, a cancelled one by its refund's progress. */
export function ticketStanding(
  ticket: { ticketNumber: string; status: TicketStatus; hasSailing: boolean },
  refunds: readonly StandingRefund[],
): TicketStanding {
  switch (ticket.status) {
    case 'active':
      return ticket.hasSailing ? 'paid' : 'open';
    case 'cancelled': {
      const own = refunds.filter((refund) => refund.ticketNumbers.includes(ticket.ticketNumber));
      if (own.some((refund) => refund.status === 'queued')) return 'refund_pending';
      return own.length > 0 ? 'refunded' : 'cancelled';
    }
    default:
      return ticket.status;
  }
}

/**
 * The booking: before payment its status; paid, "Paid" while every ticket stands, "Partly cancelled" once some
 * are cancelled, and once all are, cancelled with its refund pending or done. A ticket a reschedule replaced does
 * not count: its replacement does.
 */
export function bookingStanding(
  status: BookingStatus,
  tickets: readonly { ticketNumber: string; status: TicketStatus }[],
  refunds: readonly StandingRefund[],
): BookingStanding {
  if (status !== 'paid') return status;
  const current = tickets.filter((ticket) => ticket.status !== 'rescheduled');
  const cancelled = current.filter((ticket) => ticket.status === 'cancelled');
  if (cancelled.length === 0) return 'paid';
  if (cancelled.length < current.length) return 'partly_cancelled';
  const standings = new Set(
    cancelled.map((ticket) => ticketStanding({ ...ticket, hasSailing: true }, refunds)),
  );
  if (standings.has('refund_pending')) return 'refund_pending';
  return standings.has('refunded') ? 'refunded' : 'cancelled';
}

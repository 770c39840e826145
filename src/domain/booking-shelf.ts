import type { BookingStatus, TicketStatus } from './booking-lifecycle.ts';

/**
 * Where a booking shows in My booking: "Active" while it can still be paid or travelled on, "History" once
 * every ticket is used, cancelled, rescheduled away or expired, or it lapsed unpaid (docs/product-rules.md,
 * Accounts).
 */
export type BookingShelf = 'active' | 'history';

export interface ShelfFacts {
  status: BookingStatus;
  /** Until when an unpaid booking can still be paid. */
  expiresAt: Date | null;
  /** Each ticket and when its sailing leaves (absent: an open ticket not claimed yet). */
  tickets: { status: TicketStatus; departsAt?: Date | undefined }[];
}

/** Tickets that still take someone across: not yet boarded, cancelled, moved away or expired. */
const travelling = new Set<TicketStatus>(['active', 'checked_in', 'claimed']);

export function bookingShelf(booking: ShelfFacts, now: Date): BookingShelf {
  if (booking.status === 'held' || booking.status === 'awaiting_payment')
    return booking.expiresAt && booking.expiresAt > now ? 'active' : 'history';
  if (booking.status !== 'paid') return 'history';
  return booking.tickets.some(
    (ticket) => travelling.has(ticket.status) && (!ticket.departsAt || ticket.departsAt > now),
  )
    ? 'active'
    : 'history';
}

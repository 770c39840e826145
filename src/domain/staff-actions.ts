import type { BookingStatus, TicketStatus } from './booking-lifecycle.ts';

/**
 * The rules of what the agency's staff do to a booking from the console (issue 36): each is audited with a reason
 * of this length, and each is refused when the booking is not in a state it makes sense for.
 */
export const STAFF_REASON_MIN = 5;
export const STAFF_REASON_MAX = 500;

/** The mails an agent may send again: the e-tickets, and a leg's boarding passes. */
export const resendableMails = ['booking_paid', 'boarding_pass_outbound', 'boarding_pass_return'] as const;
export type ResendableMail = (typeof resendableMails)[number];

/**
 * Why a mail cannot be sent again, or nothing: e-tickets exist once the booking is paid; a leg's boarding passes once
 * one of its passengers has checked in (and not cancelled since).
 */
export function resendRefusal(
  mail: ResendableMail,
  booking: { status: BookingStatus },
  tickets: readonly { leg: number; status: TicketStatus }[],
): 'not_paid' | 'cancelled' | 'not_checked_in' | undefined {
  if (booking.status !== 'paid') return 'not_paid';
  // Every ticket cancelled (or replaced by one since cancelled): nothing is left to travel on.
  if (
    tickets.length > 0 &&
    tickets.every((ticket) => ticket.status === 'cancelled' || ticket.status === 'rescheduled')
  )
    return 'cancelled';
  if (mail === 'booking_paid') return undefined;
  const leg = mail === 'boarding_pass_outbound' ? 0 : 1;
  const checkedIn = tickets.some(
    (ticket) => ticket.leg === leg && (ticket.status === 'checked_in' || ticket.status === 'boarded'),
  );
  return checkedIn ? undefined : 'not_checked_in';
}

/**
 * Why a passenger's name or passport can no longer be corrected from the console, or nothing: once they checked in,
 * their boarding pass carries the name the gate reads (and the manifest has gone out).
 */
export function passengerCorrectionRefusal(
  tickets: readonly { status: TicketStatus }[],
): 'checked_in' | undefined {
  return tickets.some((ticket) => ticket.status === 'checked_in' || ticket.status === 'boarded')
    ? 'checked_in'
    : undefined;
}

/** Who may cancel a booking's tickets from the console: an agent with the fee, only an admin without it (money). */
export function staffCancellationRole(waiveFee: boolean): 'agent' | 'admin' {
  return waiveFee ? 'admin' : 'agent';
}

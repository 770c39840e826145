/**
 * The booking lifecycle (docs/product-rules.md, Booking and payment): the states of a booking and of its
 * tickets, the moves allowed between them as one table each, and the rules everyone asks about time: does a
 * booking hold its seats at t, how does it read at t, when is payment due, what may the traveller do next.
 * Pure: time is a parameter.
 *
 * Services check every status write against these tables (`assertMove`); the SQL seat ledger (migrations 0006 and
 * 0009, `booking_seat_window`) encodes `holdsSeatsAt`, and tests/integration/lifecycle-sql.test.ts proves the two
 * agree. Lock order for the writes: docs/decisions/0001-lock-order.md.
 */

import { BOOKING_CUTOFF_MINUTES } from './availability.ts';

export const bookingStatuses = ['held', 'awaiting_payment', 'paid', 'expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Per ticket, once the booking is paid: `active` until checked in (then boarded), cancelled, moved to another
 * sailing (rescheduled: the new ticket is active), or, for an open ticket, claimed for a sailing or expired unused.
 */
export const ticketStatuses = [
  'active',
  'checked_in',
  'boarded',
  'cancelled',
  'rescheduled',
  'claimed',
  'expired',
] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** Seats stay counted for a held booking this long after it is created. */
export const HOLD_MINUTES = 20;
/** "Keep my seats" adds this much to a hold, once per booking. */
export const HOLD_EXTENSION_MINUTES = 20;
/** The booking page warns this long before a hold lapses, and offers "Keep my seats". */
export const HOLD_WARNING_MINUTES = 5;
/** After "Pay", the virtual account is open and the seats stay held this long (configurable per deployment). */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 60;

/** Why a booking moves: each move is named, so a test can try every one the table does not allow. */
const bookingMoves: Record<BookingStatus, Partial<Record<BookingStatus, string>>> = {
  held: {
    awaiting_payment: 'Pay issued a virtual account',
    expired: 'the hold lapsed unpaid',
    // A payment can reach a VA in the moment between its issue and "Pay" confirming it: the money is real.
    paid: 'a payment arrived for the VA just issued',
  },
  awaiting_payment: { paid: 'the payment arrived in time', expired: 'the deadline passed unpaid' },
  paid: {},
  // A payment that arrives after expiry is still recorded; it confirms the booking if its seats are free.
  expired: { paid: 'a late payment found its seats still free' },
};

const ticketMoves: Record<TicketStatus, readonly TicketStatus[]> = {
  active: ['checked_in', 'cancelled', 'rescheduled', 'claimed', 'expired'],
  // A sailing the operator cancels: checked-in passengers are refunded or moved too.
  checked_in: ['boarded', 'cancelled', 'rescheduled'],
  boarded: [],
  cancelled: [],
  rescheduled: [],
  // A claimed ticket moves only off a sailing the operator cancelled (after-sales rules).
  claimed: ['checked_in', 'cancelled', 'rescheduled'],
  expired: [],
};

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return bookingMoves[from][to] !== undefined;
}

export function canMoveTicket(from: TicketStatus, to: TicketStatus): boolean {
  return ticketMoves[from].includes(to);
}

/** A status write outside the table: a bug, never a traveller's mistake. */
export class ForbiddenMove extends Error {}

/** Refuses a booking move the table does not allow (staying put is not a move, and always allowed). */
export function assertMove(from: BookingStatus, to: BookingStatus): void {
  if (from !== to && !canMove(from, to)) throw new ForbiddenMove(`booking cannot move ${from} -> ${to}`);
}

export function assertTicketMove(from: TicketStatus, to: TicketStatus): void {
  if (from !== to && !canMoveTicket(from, to)) throw new ForbiddenMove(`ticket cannot move ${from} -> ${to}`);
}

/** Statuses whose seats count while `expires_at` is in the future (paid ones always count). */
export const holdingStatuses: readonly BookingStatus[] = ['held', 'awaiting_payment'];

interface Timed {
  status: BookingStatus;
  expiresAt: Date | null;
}

/**
 * Whether a hold or an open VA is still live at `now`. Decide this only under the booking's row lock, with the
 * clock read after the lock was granted: a request that waited for the lock may find the hold lapsed meanwhile.
 */
export function holdIsLive(booking: Timed, now: Date): boolean {
  return holdingStatuses.includes(booking.status) && booking.expiresAt !== null && booking.expiresAt > now;
}

/**
 * Whether the booking's seats count as taken at `t`: paid always, a hold or open VA until its expiry (exclusive).
 * The seat ledger's `booking_seat_window` and `counts_until > t` say exactly this.
 */
export function holdsSeatsAt(booking: Timed, t: Date): boolean {
  return booking.status === 'paid' || holdIsLive(booking, t);
}

/** How a booking reads at `t`: a hold or VA past its expiry reads as expired before the sweeper writes it. */
export function effectiveStatus(booking: Timed, t: Date): BookingStatus {
  return holdingStatuses.includes(booking.status) && !holdIsLive(booking, t) ? 'expired' : booking.status;
}

/** An expiry rounded up to the whole second, the seat ledger's key (never shortens a hold). */
export function wholeSecond(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / 1000) * 1000);
}

/** When a new hold made at `now` lapses. */
export function holdExpiry(now: Date): Date {
  return wholeSecond(new Date(now.getTime() + HOLD_MINUTES * 60_000));
}

/**
 * Why "Keep my seats" cannot extend a booking, or undefined when it may: only a booking still `held` (live,
 * or lapsed but not yet swept: then its seats must still be free, which the caller counts under the sailings'
 * locks), and only once. A booking awaiting payment keeps its seats until the payment deadline instead.
 */
export function keepSeatsRefusal(
  booking: Timed & { holdExtendedAt: Date | null },
): 'not_held' | 'already_extended' | undefined {
  if (booking.status !== 'held' || booking.expiresAt === null) return 'not_held';
  if (booking.holdExtendedAt !== null) return 'already_extended';
  return undefined;
}

/** The expiry after "Keep my seats": 20 more minutes from the hold's expiry, or from `now` if it already lapsed. */
export function extendedHoldExpiry(expiresAt: Date, now: Date): Date {
  const from = Math.max(expiresAt.getTime(), now.getTime());
  return wholeSecond(new Date(from + HOLD_EXTENSION_MINUTES * 60_000));
}

/**
 * The payment deadline of a VA issued at `now`: the payment window, never past the booking cutoff of the first
 * departure (an open ticket has none). At or before `now` means it is too late to pay online.
 */
export function paymentDeadline(now: Date, windowMinutes: number, firstDeparture?: Date): Date {
  const window = now.getTime() + windowMinutes * 60_000;
  const cutoff = firstDeparture ? firstDeparture.getTime() - BOOKING_CUTOFF_MINUTES * 60_000 : Infinity;
  return wholeSecond(new Date(Math.min(window, cutoff)));
}

/** The agency extends a payment deadline once by this much (a traveller whose transfer is slow calls the counter). */
export const PAYMENT_EXTENSION_MINUTES = 60;

/**
 * Why the agency cannot extend a booking's payment deadline, or undefined when it may: only a booking awaiting
 * payment whose deadline has not passed (a lapsed one's seats may be sold: the traveller pays again instead), once.
 */
export function paymentExtensionRefusal(
  booking: Timed & { paymentExtendedAt: Date | null },
  now: Date,
): 'not_awaiting' | 'already_extended' | undefined {
  if (booking.status !== 'awaiting_payment' || !holdIsLive(booking, now)) return 'not_awaiting';
  return booking.paymentExtendedAt ? 'already_extended' : undefined;
}

/**
 * The deadline once extended: 60 minutes more, never past the first departure's booking cutoff; undefined when the
 * cutoff leaves no more time.
 */
export function extendedPaymentDeadline(expiresAt: Date, firstDeparture?: Date): Date | undefined {
  const extended = paymentDeadline(expiresAt, PAYMENT_EXTENSION_MINUTES, firstDeparture);
  return extended > expiresAt ? extended : undefined;
}

/** What the traveller can do next with a booking, as it reads at `t`. */
export type NextAction = 'continue_booking' | 'pay' | 'download_tickets' | 'search_again';

export function nextAction(booking: Timed, t: Date): NextAction {
  switch (effectiveStatus(booking, t)) {
    case 'held':
      return 'continue_booking';
    case 'awaiting_payment':
      return 'pay';
    case 'paid':
      return 'download_tickets';
    case 'expired':
      return 'search_again';
  }
}

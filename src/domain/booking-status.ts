/** PRODUCT.md §4: held -> awaiting_payment -> paid; held / awaiting_payment -> expired. Nothing moves backwards. */
export const bookingStatuses = ['held', 'awaiting_payment', 'paid', 'expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** Seats stay counted for a held booking this long after it is created. */
export const HOLD_MINUTES = 20;
/** After "pay", the virtual account is open and the seats stay held this long (configurable per deployment). */
export const DEFAULT_PAYMENT_WINDOW_MINUTES = 60;

const next: Record<BookingStatus, readonly BookingStatus[]> = {
  held: ['awaiting_payment', 'expired'],
  awaiting_payment: ['paid', 'expired'],
  paid: [],
  // A payment that arrives after expiry is still recorded; it may confirm the booking if its seats are free.
  expired: ['paid'],
};

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return next[from].includes(to);
}

/** Statuses whose seats count as taken while `expires_at` is in the future (paid ones always count). */
export const holdingStatuses: readonly BookingStatus[] = ['held', 'awaiting_payment'];

/**
 * Whether a booking's seats are held for it at `now`: a hold or an open virtual account whose expiry is still
 * ahead. The SQL seat ledger says the same (a window counts while `counts_until > now`), and expiries are whole
 * seconds (`wholeSecond`), so the ledger's per-second keys never keep a lapsed hold counted a moment longer.
 * Decide this only under the booking's row lock, with the clock read after the lock was granted: a request that
 * waited for the lock may find the hold lapsed meanwhile (docs/decisions/0001-lock-order.md).
 */
export function holdIsLive(booking: { status: BookingStatus; expiresAt: Date | null }, now: Date): boolean {
  return holdingStatuses.includes(booking.status) && booking.expiresAt !== null && booking.expiresAt > now;
}

/** An expiry rounded up to the whole second, the seat ledger's key (never shortens a hold). */
export function wholeSecond(instant: Date): Date {
  return new Date(Math.ceil(instant.getTime() / 1000) * 1000);
}

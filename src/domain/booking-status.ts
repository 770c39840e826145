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

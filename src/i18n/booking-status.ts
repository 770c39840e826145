import type { BookingStatus } from '../domain/booking-lifecycle.ts';
import * as m from '../paraglide/messages.js';
import type { Locale } from './locales.ts';

const labels: Record<BookingStatus, (inputs: object, options: { locale: Locale }) => string> = {
  held: m.booking_status_held,
  awaiting_payment: m.booking_status_awaiting_payment,
  paid: m.booking_status_paid,
  expired: m.booking_status_expired,
};

/** A booking's status as the traveller reads it ("Awaiting payment", "Menunggu pembayaran"). */
export function bookingStatusLabel(status: BookingStatus, locale: Locale): string {
  return labels[status]({}, { locale });
}

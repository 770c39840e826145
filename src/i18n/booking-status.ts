import type { BookingStatus, TicketStatus } from '../domain/booking-lifecycle.ts';
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

const ticketLabels: Record<
  Exclude<TicketStatus, 'active'>,
  (inputs: object, options: { locale: Locale }) => string
> = {
  checked_in: m.ticket_status_checked_in,
  boarded: m.ticket_status_boarded,
  cancelled: m.ticket_status_cancelled,
  rescheduled: m.ticket_status_rescheduled,
  claimed: m.ticket_status_claimed,
  expired: m.ticket_status_expired,
};

/** A ticket's state as the order page shows it beside its number; none for an active ticket (the usual case). */
export function ticketStatusLabel(status: TicketStatus, locale: Locale): string | undefined {
  return status === 'active' ? undefined : ticketLabels[status]({}, { locale });
}

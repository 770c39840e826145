import type { BookingStatus } from '../domain/booking-lifecycle.ts';
import type { BookingStanding, TicketStanding } from '../domain/booking-standing.ts';
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

const standingLabels: Record<BookingStanding, (inputs: object, options: { locale: Locale }) => string> = {
  ...labels,
  partly_cancelled: m.booking_status_partly_cancelled,
  cancelled: m.booking_status_cancelled,
  refund_pending: m.booking_status_refund_pending,
  refunded: m.booking_status_refunded,
};

/** Where a booking stands, true to its tickets ("Partly cancelled", "Dibatalkan, dana sudah dikembalikan"). */
export function bookingStandingLabel(standing: BookingStanding, locale: Locale): string {
  return standingLabels[standing]({}, { locale });
}

const ticketStandingLabels: Record<TicketStanding, (inputs: object, options: { locale: Locale }) => string> =
  {
    paid: m.ticket_status_paid,
    open: m.ticket_status_open,
    claimed: m.ticket_status_claimed,
    checked_in: m.ticket_status_checked_in,
    boarded: m.ticket_status_boarded,
    rescheduled: m.ticket_status_rescheduled,
    cancelled: m.ticket_status_cancelled,
    refund_pending: m.ticket_status_refund_pending,
    refunded: m.ticket_status_refunded,
    expired: m.ticket_status_expired,
  };

/** Where a ticket stands, as the Manage booking page says it beside the ticket. */
export function ticketStandingLabel(standing: TicketStanding, locale: Locale): string {
  return ticketStandingLabels[standing]({}, { locale });
}

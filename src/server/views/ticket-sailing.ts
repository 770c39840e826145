import { formatPortTime } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { BookingLegView, BookingView, TicketView } from '../services/booking-view.ts';

/** The booking's segment a ticket names, among the trip's and those a reschedule moved everyone off. */
export function segmentOf(
  view: Pick<BookingView, 'legs' | 'history'>,
  ticket: Pick<TicketView, 'leg' | 'segment'>,
): BookingLegView | undefined {
  return allSegments(view).find((leg) => leg.leg === ticket.leg && leg.segment === ticket.segment);
}

/**
 * The sailing a ticket is on, in one line, as the e-mails name it beside a passenger: `Batam Centre → HarbourFront,
 * Sun 29 Nov 2026, 08:00 WIB` (port-local time with its zone); an open ticket's route alone.
 */
export function ticketSailing(
  view: Pick<BookingView, 'legs' | 'history'>,
  ticket: Pick<TicketView, 'leg' | 'segment'>,
  locale: Locale,
): string {
  const leg = segmentOf(view, ticket);
  if (!leg) return '';
  const route = `${leg.from} → ${leg.to}`;
  return leg.departure ? `${route}, ${formatPortTime(leg.departure, locale)}` : route;
}

/** A sailing in one line, as a summary names it: `Sat 28 Nov 2026, 09:00 WIB · Selat Express`. */
export function sailingLine(
  departure: { date: string; time: string; zone: string } | undefined,
  operator: string,
  locale: Locale,
): string {
  return departure ? `${formatPortTime(departure, locale)} · ${operator}` : operator;
}

/** The trip's segments and those a reschedule moved everyone off, in leg and segment order. */
export function allSegments(view: Pick<BookingView, 'legs' | 'history'>): BookingLegView[] {
  return [...view.legs, ...(view.history ?? [])].sort((a, b) => a.leg - b.leg || a.segment - b.segment);
}

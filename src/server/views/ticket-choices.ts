import type { TicketVerdict } from '../../domain/offer-ticket.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Network } from '../network.ts';
import type { RefusalCode } from '../validation-errors.ts';
import {
  ticketOn,
  type BookingLegView,
  type BookingView,
  type PassengerView,
  type TicketView,
} from '../services/booking-view.ts';
import { formatClock, tripCard } from './trip-card.ts';

/** One ticket still travelling, as an after-sales form lists it: ticked, or why it cannot be chosen now. */
export interface TicketChoice {
  name: string;
  ticketNumber: string;
  /** Asked for in the address (or the refused post) and allowed now. */
  chosen: boolean;
  /** Why this ticket cannot be chosen now, in the reader's words; absent when it can. */
  blocked?: string;
  /** What the page's own rules need of it (the cancellation's price, the reschedule's seats). */
  passenger: PassengerView;
  leg: BookingLegView;
}

export interface TicketChoiceLeg {
  title: string;
  route: string;
  /** `27 November 2026, 06:00 WIB`; empty for an open ticket not claimed yet. */
  when: string;
  tickets: TicketChoice[];
}

/**
 * The booking's sailings with their tickets still travelling, for the reschedule and cancellation forms: `blockedBy`
 * says, in the reader's words, why a ticket cannot be chosen now (the domain's refusal for that task), and a ticket
 * is ticked when `asked` names it and it is allowed.
 */
export function ticketChoices(
  view: BookingView,
  network: Network,
  locale: Locale,
  asked: ReadonlySet<string>,
  blockedBy: (ticket: TicketView, leg: BookingLegView) => string | undefined,
): TicketChoiceLeg[] {
  const card = tripCard(view, network, locale);
  return view.legs.map((leg, index) => {
    const sailing = card.legs[index]?.sailing;
    const tickets = view.passengers.flatMap((passenger) => {
      const ticket = ticketOn(passenger, leg, { cancelled: false });
      if (!ticket) return [];
      const blocked = blockedBy(ticket, leg);
      const choice: TicketChoice = {
        name: passenger.fullName,
        ticketNumber: ticket.ticketNumber,
        chosen: !blocked && asked.has(ticket.ticketNumber),
        ...(blocked ? { blocked } : {}),
        passenger,
        leg,
      };
      return [choice];
    });
    return {
      title: card.legs[index]?.title ?? '',
      route: `${leg.from} → ${leg.to}`,
      when: sailing ? `${sailing.date}, ${formatClock(sailing.departure)}` : '',
      tickets,
    };
  });
}

/**
 * `blockedBy` for `ticketChoices` from an after-sales offer: the words of the offer's reason for a ticket it refuses.
 * The offer reads the same legs of the view as the choices list, so it answers for every ticket listed.
 */
export function blockedByOffer<Reason extends string>(
  verdicts: readonly TicketVerdict<object, Reason>[],
  codes: Record<Reason, RefusalCode>,
  locale: Locale,
): (ticket: TicketView) => string | undefined {
  return (ticket) => {
    const verdict = verdicts.find((v) => v.ticketNumber === ticket.ticketNumber);
    return verdict && !verdict.allowed ? translate(codes[verdict.reason], locale) : undefined;
  };
}

import { OTHER_OPERATOR_FEE } from '../../domain/after-sales.ts';
import { moveFee, rescheduleOffer } from '../../domain/offers.ts';
import { bookingWindow } from '../../domain/booking-window.ts';
import { toLocal } from '../../domain/port-time.ts';
import { formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { rescheduleRefusalCodes } from '../offer-refusals.ts';
import type { BookingView } from '../services/booking-view.ts';
import { offerTickets } from '../services/offer-input.ts';
import {
  askedSailingDate,
  sailingOptions,
  type AskedDate,
  type SailingOption,
  type SailingsContext,
} from './sailing-options.ts';
import { blockedByOffer, ticketChoices, type TicketChoiceLeg } from './ticket-choices.ts';
import { sailingLine } from './ticket-sailing.ts';

export interface ReschedulePage {
  legs: TicketChoiceLeg[];
  /** Anyone who can move now: otherwise the page says why nothing can. */
  movable: boolean;
  date: AskedDate;
  minDate: string;
  maxDate: string;
  /** Listed once passengers and a date are chosen: the route's sailings with room for them, soonest first. */
  sailings?: SailingOption[];
  otherOperatorFee: string;
  /** Each chosen passenger's sailing now and, once one is chosen, the new one: shown side by side before "Reschedule". */
  moves: { name: string; now: string; next?: string }[];
  /** "Show sailings" was just pressed (`show=sailings` in the address): the page opens on its answer. */
  shown: boolean;
  /** "Show sailings" pressed with nobody ticked: said at the passengers' list. */
  noneChosen: boolean;
}

/**
 * What /booking/{id}/reschedule shows of a paid booking at `now`, from its address (`tickets`, `date`, `sailing`):
 * each leg's passengers, who can move and why not, and the sailings of the chosen date with room for the chosen
 * passengers, priced per ticket. Who can move is the reschedule offer (domain/offers.ts); the use case asks it again
 * under its locks, with the sailing chosen.
 */
export async function reschedulePage(
  context: SailingsContext,
  view: BookingView,
  locale: Locale,
  query: URLSearchParams,
): Promise<ReschedulePage> {
  const { db, network, now } = context;
  const asked = new Set(query.getAll('tickets'));
  const tickets = offerTickets(view);
  const offer = rescheduleOffer(tickets, now);
  const legs = ticketChoices(
    view,
    network,
    locale,
    asked,
    blockedByOffer(offer.tickets, rescheduleRefusalCodes, locale),
  );
  const firstZone = network.zoneOf(view.legs[0]?.fromCode);
  const today = toLocal(now, firstZone).date;
  const maxDate = bookingWindow(today, context.horizonDays).last;
  const chosen = legs.flatMap((leg) => leg.tickets.filter((ticket) => ticket.chosen));
  const chosenLeg = chosen[0]?.leg;
  const fallback = chosenLeg?.departure?.date ?? view.legs[0]?.departure?.date ?? today;
  const date = askedSailingDate(query.get('date'), { min: today, max: maxDate, fallback }, locale);
  // Only the first chosen ticket's leg moves (the offer refuses two at once): the summary shows that leg's passengers.
  const moves = chosen
    .filter((ticket) => ticket.leg.leg === chosenLeg?.leg)
    .map((ticket) => ({
      name: ticket.name,
      now: sailingLine(ticket.leg.departure, ticket.leg.operator, locale),
    }));
  const shown = query.get('show') === 'sailings';
  const base = {
    legs,
    moves,
    shown,
    noneChosen: shown && chosen.length === 0,
    movable: offer.tickets.some((verdict) => verdict.allowed),
    date,
    minDate: today,
    maxDate,
    otherOperatorFee: formatRupiah(OTHER_OPERATOR_FEE, locale),
  };
  if (!chosenLeg || !query.has('date') || date.error) return base;

  const seated = chosen.filter(
    (ticket) => ticket.leg === chosenLeg && ticket.passenger.category !== 'infant',
  ).length;
  // The first chosen ticket's leg is the one that moves: its operator prices the move per ticket (free if cancelled).
  const first = tickets.find((ticket) => ticket.ticketNumber === chosen[0]?.ticketNumber);
  const sailings = await sailingOptions(
    { db, network, now, locale },
    chosenLeg,
    { date: date.date, seats: seated, chosen: query.get('sailing') },
    (operatorCode) => (first ? moveFee(first, operatorCode) : 0),
  );
  const next = sailings.find((sailing) => sailing.chosen)?.summary;
  return { ...base, sailings, moves: next ? moves.map((move) => ({ ...move, next })) : moves };
}

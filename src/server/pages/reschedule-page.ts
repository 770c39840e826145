import { OTHER_OPERATOR_FEE, rescheduleFee, rescheduleRefusal } from '../../domain/after-sales.ts';
import { addDays, toLocal } from '../../domain/port-time.ts';
import { formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Database } from '../db/client.ts';
import type { Network } from '../network.ts';
import type { BookingView } from '../services/booking-view.ts';
import { rescheduleRefusalCodes } from '../offer-refusals.ts';
import { askedSailingDate, sailingOptions, type AskedDate, type SailingOption } from './sailing-options.ts';
import { ticketChoices, type TicketChoiceLeg } from './ticket-choices.ts';

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
}

/**
 * What /booking/{id}/reschedule shows of a paid booking at `now`, from its address (`tickets`, `date`, `sailing`):
 * each leg's passengers, who can move and why not, and the sailings of the chosen date with room for the chosen
 * passengers. The rules are the domain's; the use case checks them all again under its locks.
 */
export async function reschedulePage(
  context: { db: Database; network: Network; now: Date; horizonDays: number },
  view: BookingView,
  locale: Locale,
  query: URLSearchParams,
): Promise<ReschedulePage> {
  const { db, network, now } = context;
  const asked = new Set(query.getAll('tickets'));
  const legs = ticketChoices(view, network, locale, asked, (ticket, leg) => {
    const refusal = leg.departsAt
      ? rescheduleRefusal(ticket, new Date(leg.departsAt), now, leg.sailingCancelled)
      : 'not_active';
    return refusal && translate(rescheduleRefusalCodes[refusal], locale);
  });
  const firstZone = network.terminal(view.legs[0]?.fromCode ?? '')?.timeZone ?? 'Asia/Jakarta';
  const today = toLocal(now, firstZone).date;
  const maxDate = addDays(today, context.horizonDays - 1);
  const chosen = legs.flatMap((leg) => leg.tickets.filter((ticket) => ticket.chosen));
  const chosenLeg = chosen[0]?.leg;
  const fallback = chosenLeg?.departure?.date ?? view.legs[0]?.departure?.date ?? today;
  const date = askedSailingDate(query.get('date'), { min: today, max: maxDate, fallback }, locale);
  const base = {
    legs,
    movable: legs.some((leg) => leg.tickets.some((ticket) => !ticket.blocked)),
    date,
    minDate: today,
    maxDate,
    otherOperatorFee: formatRupiah(OTHER_OPERATOR_FEE, locale),
  };
  if (!chosenLeg || !query.has('date') || date.error) return base;

  const seated = chosen.filter(
    (ticket) => ticket.leg === chosenLeg && ticket.passenger.category !== 'infant',
  ).length;
  const sailings = await sailingOptions(
    { db, network, now, locale },
    chosenLeg,
    { date: date.date, seats: seated, chosen: query.get('sailing') },
    (operatorCode) =>
      chosenLeg.sailingCancelled ? 0 : rescheduleFee(chosenLeg.operatorCode, operatorCode, 1),
  );
  return { ...base, sailings };
}

import { OTHER_OPERATOR_FEE, rescheduleFee, rescheduleRefusal } from '../../domain/after-sales.ts';
import { addDays, toLocal } from '../../domain/port-time.ts';
import { formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Database } from '../db/client.ts';
import type { Network } from '../network.ts';
import { ticketOn, type BookingView } from '../services/booking-view.ts';
import { rescheduleRefusalCodes } from '../use-cases/reschedule.ts';
import { sailingOptions, type SailingOption } from './sailing-options.ts';
import { formatClock, tripCard } from './trip-card.ts';

export interface ReschedulePassenger {
  name: string;
  ticketNumber: string;
  /** Ticked: asked for in the address (or, the first time, every passenger who can move). */
  chosen: boolean;
  /** Why this passenger cannot move now; absent when they can. */
  blocked?: string;
}

export interface RescheduleLeg {
  title: string;
  route: string;
  when: string;
  passengers: ReschedulePassenger[];
}

export interface ReschedulePage {
  legs: RescheduleLeg[];
  /** Anyone who can move now: otherwise the page says why nothing can. */
  movable: boolean;
  date: string;
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
  const card = tripCard(view, network, locale);
  const asked = new Set(query.getAll('tickets'));
  const legs = view.legs.map((leg, index) => {
    const sailing = card.legs[index]?.sailing;
    const passengers = view.passengers.flatMap((passenger) => {
      const ticket = ticketOn(passenger, leg, { cancelled: false });
      if (!ticket) return [];
      const refusal = leg.departsAt
        ? rescheduleRefusal(ticket, new Date(leg.departsAt), now, leg.sailingCancelled)
        : 'not_active';
      return [
        {
          name: passenger.fullName,
          ticketNumber: ticket.ticketNumber,
          chosen: !refusal && asked.has(ticket.ticketNumber),
          ...(refusal ? { blocked: translate(rescheduleRefusalCodes[refusal], locale) } : {}),
        },
      ];
    });
    return {
      title: card.legs[index]?.title ?? '',
      route: `${leg.from} → ${leg.to}`,
      when: sailing ? `${sailing.date}, ${formatClock(sailing.departure)}` : '',
      passengers,
    };
  });
  const firstZone = network.terminal(view.legs[0]?.fromCode ?? '')?.timeZone ?? 'Asia/Jakarta';
  const today = toLocal(now, firstZone).date;
  const maxDate = addDays(today, context.horizonDays - 1);
  const askedDate = query.get('date') ?? '';
  const chosenLeg = view.legs.find((leg) =>
    view.passengers.some((p) => asked.has(ticketOn(p, leg, { cancelled: false })?.ticketNumber ?? '')),
  );
  const date =
    /^\d{4}-\d{2}-\d{2}$/.test(askedDate) && askedDate >= today && askedDate <= maxDate
      ? askedDate
      : (chosenLeg?.departure?.date ?? view.legs[0]?.departure?.date ?? today);
  const base = {
    legs,
    movable: legs.some((leg) => leg.passengers.some((p) => !p.blocked)),
    date,
    minDate: today,
    maxDate,
    otherOperatorFee: formatRupiah(OTHER_OPERATOR_FEE, locale),
  };
  if (!chosenLeg || !query.has('date')) return base;

  const seated = view.passengers.filter(
    (p) =>
      p.category !== 'infant' && asked.has(ticketOn(p, chosenLeg, { cancelled: false })?.ticketNumber ?? ''),
  ).length;
  const sailings = await sailingOptions(
    { db, network, now, locale },
    chosenLeg,
    { date, seats: seated, chosen: query.get('sailing') },
    (operatorCode) =>
      chosenLeg.sailingCancelled ? 0 : rescheduleFee(chosenLeg.operatorCode, operatorCode, 1),
  );
  return { ...base, sailings };
}

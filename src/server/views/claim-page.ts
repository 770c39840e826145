import { claimOffer } from '../../domain/offers.ts';
import { bookingWindow } from '../../domain/booking-window.ts';
import { toLocal } from '../../domain/port-time.ts';
import { formatDate } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { BookingView } from '../services/booking-view.ts';
import { offerTickets } from '../services/offer-input.ts';
import {
  askedSailingDate,
  sailingOptions,
  type AskedDate,
  type SailingOption,
  type SailingsContext,
} from './sailing-options.ts';

export interface ClaimPage {
  route: string;
  operator: string;
  /** `20 February 2027`: the last day the open ticket can be used. */
  validUntil: string;
  date: AskedDate;
  minDate: string;
  maxDate: string;
  /** Listed once a date in range is asked for: the operator's sailings of the route with room for the party. */
  sailings?: SailingOption[];
  /** "Show sailings" was just pressed (`show=sailings` in the address): the page opens on its answer. */
  shown: boolean;
}

/**
 * What /booking/{id}/claim shows of a paid open-ticket booking still waiting for a sailing, at `now`, from its
 * address (`date`, `sailing`): the route, the operator, until when the ticket is valid, and that day's sailings the
 * whole party fits on. Undefined when the claim offer (domain/offers.ts) has nothing to claim (claimed, cancelled or
 * expired already); the use case asks it again under its locks, with the sailing chosen.
 */
export async function claimPage(
  context: SailingsContext,
  view: BookingView,
  locale: Locale,
  query: URLSearchParams,
): Promise<ClaimPage | undefined> {
  const { db, network, now } = context;
  const leg = view.legs.find((candidate) => !candidate.sailingId);
  const tickets = offerTickets(view);
  // The claim offer: the tickets still waiting for a sailing and valid today, each with its last valid day.
  const waiting = claimOffer(tickets, now).tickets.flatMap((verdict) => (verdict.allowed ? [verdict] : []));
  const validUntil = waiting[0]?.validUntil;
  if (view.trip !== 'open' || !leg || !validUntil) return undefined;
  const today = toLocal(now, network.zoneOf(leg.fromCode)).date;
  const horizon = bookingWindow(today, context.horizonDays).last;
  const maxDate = validUntil < horizon ? validUntil : horizon;
  const date = askedSailingDate(query.get('date'), { min: today, max: maxDate, fallback: today }, locale);
  const base = {
    route: `${leg.from} → ${leg.to}`,
    operator: leg.operator,
    validUntil: formatDate(validUntil, locale),
    date,
    minDate: today,
    maxDate,
    shown: query.get('show') === 'sailings',
  };
  if (!query.has('date') || date.error) return base;
  // The seats the leg still holds: its adults and children whose tickets wait for a sailing (cancelled ones don't).
  const seats = tickets.filter(
    (t) =>
      t.leg === leg.leg && t.category !== 'infant' && waiting.some((v) => v.ticketNumber === t.ticketNumber),
  ).length;
  const sailings = await sailingOptions({ db, network, now, locale }, leg, {
    date: date.date,
    seats,
    chosen: query.get('sailing'),
    operatorCode: leg.operatorCode,
  });
  return { ...base, sailings };
}

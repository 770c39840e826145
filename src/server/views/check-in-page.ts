import { CHECK_IN_OPENS_MINUTES_BEFORE, type CheckInRefusal } from '../../domain/after-sales.ts';
import { checkInOffer, checkInWindow } from '../../domain/offers.ts';
import { portTime } from '../../domain/port-time.ts';
import { formatPortTime, formatShortDate } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Network } from '../network.ts';
import { ticketOn, type BookingView } from '../services/booking-view.ts';
import { offerSailing, offerTickets } from '../services/offer-input.ts';
import { formatClock, tripCard } from './trip-card.ts';

/** One passenger on one sailing, as the check-in page lists them. */
export interface CheckInPassenger {
  /** The passenger's place in the party: what their nationality and sex are kept by. */
  position: number;
  name: string;
  ticketNumber: string;
  checkedIn: boolean;
  /** Where the boarding pass is, once checked in. */
  boardingPass?: string;
}

/** One sailing of the booking: when, whether check-in is open now, and who checked in or can now. */
export interface CheckInLeg {
  title: string;
  route: string;
  /** `6 December 2026, 08:00 WIB`. */
  when: string;
  /** The operator delayed the sailing: when it was to leave, `6 December 2026, 06:00 WIB`. */
  delayedFrom?: string;
  /** Open now, or why not (an open ticket not claimed yet names no sailing). */
  window: 'open' | CheckInRefusal | 'no_sailing';
  /**
   * When online check-in opens (24 hours before), in parts so each language orders them: `Sat 5 Dec`, `07:00`, `WIB`
   * read "opens 07:00 WIB, Sat 5 Dec" in English and "dibuka Sab, 5 Des, pukul 07:00 WIB" in Indonesian.
   */
  opensAt?: { date: string; time: string; zone: string };
  passengers: CheckInPassenger[];
}

/**
 * What /booking/{id}/check-in shows of a paid booking at `now`: each sailing with its check-in window and its
 * passengers, checked in (with the boarding pass) or still to check in. Who can check in is the check-in offer
 * (domain/offers.ts), which the use case asks again under its locks.
 */
export function checkInLegs(view: BookingView, network: Network, locale: Locale, now: Date): CheckInLeg[] {
  const card = tripCard(view, network, locale);
  const offer = checkInOffer(offerTickets(view), now);
  const allowed = (ticketNumber: string) =>
    offer.tickets.some((verdict) => verdict.ticketNumber === ticketNumber && verdict.allowed);
  return view.legs.map((leg, index) => {
    const cardLeg = card.legs[index];
    const sailing = cardLeg?.sailing;
    const offered = offerSailing(leg);
    const passengers = view.passengers.flatMap((passenger) =>
      [ticketOn(passenger, leg, { cancelled: false })]
        .filter((ticket) => ticket !== undefined)
        // Listed: who holds a boarding pass, and who the check-in offer lets check in now.
        .filter((ticket) => ticket.status === 'checked_in' || allowed(ticket.ticketNumber))
        .map((ticket) => ({
          position: passenger.position,
          name: passenger.fullName,
          ticketNumber: ticket.ticketNumber,
          checkedIn: ticket.status === 'checked_in',
          ...(ticket.status === 'checked_in'
            ? {
                boardingPass: localizePath(
                  `/booking/${view.id}/boarding-pass/${ticket.ticketNumber}.pdf`,
                  locale,
                ),
              }
            : {}),
        })),
    );
    const base = {
      title: cardLeg?.title ?? '',
      route: `${leg.from} → ${leg.to}`,
      when: sailing ? `${sailing.date}, ${formatClock(sailing.departure)}` : '',
      ...(leg.delayedFrom && !leg.sailingCancelled
        ? { delayedFrom: formatPortTime(leg.delayedFrom, locale) }
        : {}),
      passengers,
    };
    if (!offered || !sailing) return { ...base, window: 'no_sailing' as const };
    // The sailing's window, whoever is on it: the heading says when it opens, or that it closed or was cancelled.
    const window = checkInWindow(offered, now) ?? 'open';
    const opens = new Date(offered.departsAt.getTime() - CHECK_IN_OPENS_MINUTES_BEFORE * 60_000);
    const opensLocal = portTime(opens, network.zoneOf(leg.fromCode));
    const opensAt = {
      date: formatShortDate(opensLocal.date, locale),
      time: opensLocal.time,
      zone: opensLocal.zone,
    };
    return { ...base, window, opensAt };
  });
}

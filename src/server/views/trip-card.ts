import { boardingDeadlines } from '../../domain/boarding.ts';
import { portTime } from '../../domain/port-time.ts';
import { ticketIssuedOn, ticketValidUntil } from '../../domain/ticket-validity.ts';
import { formatDate, formatShortDate } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Terminal } from '../../schemas/network.ts';
import { terminalCounter } from '../agency-contacts.ts';
import type { Network } from '../network.ts';
import type { BookingLegView, BookingView } from '../services/booking-view.ts';

/** A wall-clock time at a terminal: `05:30 WIB`, with the day only when it is not the sailing's own date. */
export interface ClockReading {
  time: string;
  zone: string;
  /** `Fri 20 Nov`: set when this clock shows another date than the departure's (a sailing just after midnight). */
  otherDay?: string;
}

export interface TripCardSailing {
  /** The instants, for the calendar file (which states them in UTC). */
  departsAt: Date;
  arrivesAt: Date;
  /** The departure's date at its own terminal: `21 November 2026`. */
  date: string;
  departure: ClockReading;
  arrival: ClockReading;
  checkInCloses: ClockReading;
  gateCloses: ClockReading;
  /** This leg's `.ics` file, in the reader's language: `/id/booking/{id}/leg-1.ics`. */
  calendarPath: string;
}

export interface TripCardTerminal {
  name: string;
  /** Street address of the terminal. */
  address: string;
  /** The agency's counter there (where to check in), if it has one: its place in the terminal and phone. */
  counter?: { address: string; phone: string };
  /** A map search for the terminal by name and address. */
  mapUrl: string;
}

export interface TripCardLeg {
  /**
   * The number in the calendar file's address, stable for a leg's segment whatever else moves: 1 outbound, 2 return
   * as booked; a reschedule's segment n of a leg adds 2n (3 the first new outbound, 4 the first new return).
   */
  number: number;
  /** `Outbound`, `Return` or `Open ticket`, in the reader's language. */
  title: string;
  from: string;
  to: string;
  operator: string;
  terminal: TripCardTerminal;
  /** Absent for an open ticket: it names no sailing until it is claimed. */
  sailing?: TripCardSailing;
  /** An open ticket's last day: `20 February 2027`. */
  validUntil?: string;
}

/** What a paid booking's trip card shows, per leg, in one language: the pages and the e-mail render this. */
export interface TripCard {
  code: string;
  legs: TripCardLeg[];
  eTicketPath: string;
}

/** `05:30 WIB`, or `23:30 WIB, Fri 20 Nov` when the clock shows another day than the departure's. */
export function formatClock(clock: ClockReading): string {
  const reading = `${clock.time} ${clock.zone}`;
  return clock.otherDay ? `${reading}, ${clock.otherDay}` : reading;
}

/** Where a map app finds the terminal: Google Maps' documented search address (no key, opens the app on a phone). */
export function mapSearchUrl(terminal: Terminal): string {
  const query = `${terminal.name.en}, ${terminal.address}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

function terminalOf(network: Network, code: string): Terminal {
  const terminal = network.terminal(code);
  if (!terminal) throw new Error(`unknown terminal ${code}`);
  return terminal;
}

function clockAt(instant: Date, terminal: Terminal, sailingDate: string, locale: Locale): ClockReading {
  const local = portTime(instant, terminal.timeZone);
  return {
    time: local.time,
    zone: local.zone,
    ...(local.date === sailingDate ? {} : { otherDay: formatShortDate(local.date, locale) }),
  };
}

/** A leg's sailing as the card shows it; undefined for an open ticket, which has none yet. */
function sailingOf(
  bookingId: string,
  leg: BookingLegView,
  number: number,
  network: Network,
  locale: Locale,
): TripCardSailing | undefined {
  if (!leg.departure || !leg.departsAt || !leg.arrivesAt) return undefined;
  const from = terminalOf(network, leg.fromCode);
  const to = terminalOf(network, leg.toCode);
  const departsAt = new Date(leg.departsAt);
  const arrivesAt = new Date(leg.arrivesAt);
  const { checkInCloses, gateCloses } = boardingDeadlines(departsAt);
  const date = leg.departure.date;
  return {
    departsAt,
    arrivesAt,
    date: formatDate(date, locale),
    departure: clockAt(departsAt, from, date, locale),
    arrival: clockAt(arrivesAt, to, date, locale),
    checkInCloses: clockAt(checkInCloses, from, date, locale),
    gateCloses: clockAt(gateCloses, from, date, locale),
    calendarPath: localizePath(`/booking/${bookingId}/leg-${String(number)}.ics`, locale),
  };
}

function legTitle(leg: BookingLegView, locale: Locale): string {
  if (!leg.departure) return translate('trip_leg_open', locale);
  return translate(leg.leg === 0 ? 'trip_leg_outbound' : 'trip_leg_return', locale);
}

/** A leg segment's number in the traveller's addresses and calendar entries (see `TripCardLeg.number`). */
const legNumber = (leg: BookingLegView) => leg.segment * 2 + leg.leg + 1;

/**
 * The trip card of a booking, in `locale` (the page's language, or the booking's own for its e-mail). Meant for a
 * paid booking: its links lead to the e-tickets and calendar files, which answer only once it is paid.
 */
export function tripCard(view: BookingView, network: Network, locale: Locale): TripCard {
  const issuedOn = view.paidAt ? ticketIssuedOn(view.paidAt) : undefined;
  return {
    code: view.code,
    eTicketPath: localizePath(`/booking/${view.id}/e-ticket.pdf`, locale),
    legs: view.legs.map((leg): TripCardLeg => {
      const terminal = terminalOf(network, leg.fromCode);
      const counter = terminalCounter(terminal.id);
      const card: TripCardLeg = {
        number: legNumber(leg),
        title: legTitle(leg, locale),
        from: leg.from,
        to: leg.to,
        operator: leg.operator,
        terminal: {
          name: terminal.name[locale],
          address: terminal.address,
          ...(counter ? { counter: { address: counter.address[locale], phone: counter.phone } } : {}),
          mapUrl: mapSearchUrl(terminal),
        },
      };
      const sailing = sailingOf(view.id, leg, legNumber(leg), network, locale);
      if (sailing) return { ...card, sailing };
      return issuedOn ? { ...card, validUntil: formatDate(ticketValidUntil(issuedOn), locale) } : card;
    }),
  };
}

/** The leg a calendar file's address names (`leg-2.ics` -> the second), if it has a sailing to put in a calendar. */
export function calendarLeg(
  card: TripCard,
  number: number,
): (TripCardLeg & { sailing: TripCardSailing }) | undefined {
  const leg = card.legs.find((candidate) => candidate.number === number);
  return leg?.sailing ? { ...leg, sailing: leg.sailing } : undefined;
}

import { fromAgencyTime } from './agency.ts';
import { addDays } from './port-time.ts';
import type { BookingStatus, TicketStatus } from './booking-lifecycle.ts';
import type { PassengerCategory } from './passengers.ts';
import { ticketIssuedOn, ticketValidUntil } from './ticket-validity.ts';

/** A phone keeps a booking it opened until this many days after its last sailing (My trips). */
export const OFFLINE_TRIP_KEEP_DAYS = 7;
const DAY_MS = 86_400_000;

/** What of a booking decides how long a phone keeps it: its legs' arrivals, and when it was paid (open tickets). */
export interface KeptTrip {
  legs: { arrivesAt?: string }[];
  paidAt: Date | null;
}

/**
 * When a phone forgets a booking: a week after its last arrival; an open ticket not claimed yet counts its last valid
 * day (Batam's midnight after it) instead. A booking with no leg is kept a week from `now`.
 */
export function offlineTripKeptUntil(trip: KeptTrip, now: Date): Date {
  const ends = trip.legs.map((leg) => {
    if (leg.arrivesAt) return new Date(leg.arrivesAt).getTime();
    if (!trip.paidAt) return now.getTime();
    const lastDay = ticketValidUntil(ticketIssuedOn(trip.paidAt));
    return fromAgencyTime({ date: addDays(lastDay, 1), time: '00:00' }).getTime();
  });
  // Not counted from `now` otherwise: a refresh would then keep an old trip for ever.
  const last = ends.length > 0 ? Math.max(...ends) : now.getTime();
  return new Date(last + OFFLINE_TRIP_KEEP_DAYS * DAY_MS);
}

/** A stored trip is kept while `now` is before its `keepUntil` (an unreadable date is not kept). */
export function keptAt(keepUntil: string, now: Date): boolean {
  const until = Date.parse(keepUntil);
  return Number.isFinite(until) && now.getTime() < until;
}

/** One leg as My trips shows it, in one language: what the trip card says, as text. */
export interface OfflineLeg {
  title: string;
  from: string;
  to: string;
  operator: string;
  terminal: string;
  terminalAddress: string;
  /** The agency's counter at the terminal, where there is one. */
  counter?: { address: string; phone: string };
  /** Absent for an open ticket not claimed yet. */
  date?: string;
  departure?: string;
  arrival?: string;
  checkInCloses?: string;
  gateCloses?: string;
  /** An open ticket's last day. */
  validUntil?: string;
  cancelled: boolean;
  /** The departure as first booked, when the operator has delayed the sailing since: `05:30 WIB, 21 Nov`. */
  delayedFrom?: string;
  notice?: string;
}

export interface OfflineTicket {
  number: string;
  /** Its leg among `legs` (current segments); absent for a ticket moved to another sailing. */
  legIndex?: number;
  status: TicketStatus;
  /** The ticket a reschedule issued in its place. */
  movedTo?: string;
  /** A checked-in ticket's signed pass (docs/decisions/0005): the QR's text and its drawing. */
  boardingPass?: { text: string; svg: string; issuedAt: string };
}

export interface OfflinePassenger {
  name: string;
  category: PassengerCategory;
  /** `••••4567`: enough to match the passport in hand; the number is never stored on a phone in full. */
  passport?: string;
  eTicket?: { number: string; text: string; svg: string };
  tickets: OfflineTicket[];
}

/**
 * What a phone keeps of a booking it has opened (My trips, islands/my-trips): the trip in both languages, so the
 * page reads it in either, each passenger's e-ticket and boarding passes with their QR codes, and when this copy was
 * made. Nothing more than the booking's own pages show: no e-mail, no phone, no price, passports masked.
 */
export interface OfflineTrip {
  id: string;
  code: string;
  status: BookingStatus;
  updatedAt: string;
  /** The phone forgets the booking after this (a week after its last sailing). */
  keepUntil: string;
  /** Per language (`en`, `id`). */
  legs: { en: OfflineLeg[]; id: OfflineLeg[] };
  passengers: OfflinePassenger[];
}

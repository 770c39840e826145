import { BOOKING_ID_PATTERN, normalizeBookingCode } from './booking-code.ts';
import type { BookingStatus, TicketStatus } from './booking-lifecycle.ts';
import { bookingStanding } from './booking-standing.ts';

/**
 * What the console's one search box may hold, read as the keys a booking can be found by (issue 36): whatever a
 * traveller remembers at the counter or on the phone. One text may be read several ways (`K7M4QX` is a booking code
 * and could be a passport number, `Rahman` a code and a name, `123456789` a phone and a passport); the search looks
 * for each, most specific first. Pure: the server's query (server/services/booking-search.ts) runs them.
 */
export type SearchKey =
  /** A pasted booking link: `https://…/booking/{id}` or `/id/booking/{id}/payment`. */
  | { kind: 'bookingId'; id: string }
  | { kind: 'code'; code: string }
  /** An e-ticket (`ET-K7M4QX-2`) or ticket (`TK-K7M4QX-2D`) number, whose booking code it carries. */
  | { kind: 'ticket'; number: string; code: string }
  | { kind: 'email'; email: string }
  /** The digits of a phone number, matched against the end of the stored E.164 (`0812…` finds `+62812…`). */
  | { kind: 'phone'; digits: string }
  | { kind: 'passport'; number: string }
  /** Words of a contact's or a passenger's name, each matched as a part of the name, in any order. */
  | { kind: 'name'; words: string[] };

const LINK = /\/booking\/([\w-]{24})(?:[/?#]|$)/;
const TICKET = /^(ET|TK)-?([A-Z0-9]{6})-?(\d{1,2})([DR]\d{0,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Passports are 6 to 12 letters and digits, with at least one digit (ICAO 9303 allows up to 9; some states more).
 * Some are digits only (the UK's and the USA's 9): those read as a passport too when typed as one run of digits.
 */
const PASSPORT = /^(?=.*\d)[A-Z0-9]{6,12}$/;
const MAX_TYPED = 200;

/** The keys a typed text may be, most specific first; none for a text that says nothing (empty, symbols). */
export function searchKeys(typed: string): SearchKey[] {
  const text = typed.normalize('NFC').trim().slice(0, MAX_TYPED);
  if (text === '') return [];
  const link = LINK.exec(text);
  if (link?.[1] && BOOKING_ID_PATTERN.test(link[1])) return [{ kind: 'bookingId', id: link[1] }];
  if (EMAIL.test(text)) return [{ kind: 'email', email: text.toLowerCase() }];
  const upper = text.toUpperCase().replace(/\s+/g, '');
  const ticket = TICKET.exec(upper);
  if (ticket?.[2] && normalizeBookingCode(ticket[2]))
    return [
      {
        kind: 'ticket',
        number: `${ticket[1] ?? ''}-${ticket[2]}-${ticket[3] ?? ''}${ticket[4] ?? ''}`,
        code: ticket[2],
      },
    ];
  const keys: SearchKey[] = [];
  const code = normalizeBookingCode(text);
  if (code) keys.push({ kind: 'code', code });
  const digits = text.replace(/[\s()+.-]/g, '');
  if (/^\d{7,15}$/.test(digits)) keys.push({ kind: 'phone', digits: digits.replace(/^0+/, '') });
  const passport = upper.replace(/-/g, '');
  // A phone typed with its spaces, dashes or `+` is not a passport; `123456789` may be either.
  const typedAsOneRun = /^[A-Z0-9]+$/.test(text.trim().toUpperCase());
  if (PASSPORT.test(passport) && (!/^\d+$/.test(passport) || typedAsOneRun))
    keys.push({ kind: 'passport', number: passport });
  const words = text
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{M}'’.-]/gu, ''))
    .filter((word) => word.length >= 2);
  // Text without a digit may be a name even when it is also a code: `Rahman`, `Hassan` and `Ayu Tan` are both.
  if (words.length > 0 && (keys.length === 0 || !/\d/.test(text)))
    keys.push({ kind: 'name', words: words.slice(0, 5) });
  return keys;
}

/**
 * Where a booking stands, as the console filters and shows it: a hold still running, a VA awaiting payment, paid
 * with all, some or none of its tickets cancelled, or lapsed unpaid. The database keeps four statuses; the other two
 * are read from the tickets.
 */
export const bookingStates = [
  'held',
  'awaiting_payment',
  'paid',
  'partly_cancelled',
  'cancelled',
  'expired',
] as const;
export type BookingState = (typeof bookingStates)[number];

/** What the money of a booking needs looked at: paid short, paid too much, paid after its deadline, a refund owed. */
export const moneyStates = ['underpaid', 'overpaid', 'paid_late', 'refund_due'] as const;
export type MoneyState = (typeof moneyStates)[number];

/**
 * A booking's state at `now`: a hold or a VA past its deadline reads as expired (the sweeper may not have moved it
 * yet); a paid one as its tickets make it (bookingStanding, domain/booking-standing.ts), a cancelled one whatever its
 * refund's progress.
 */
export function bookingStateOf(
  booking: { status: BookingStatus; expiresAt: Date | null },
  tickets: readonly { ticketNumber: string; status: TicketStatus }[],
  now: Date,
): BookingState {
  if (booking.status === 'held' || booking.status === 'awaiting_payment')
    return booking.expiresAt && booking.expiresAt > now ? booking.status : 'expired';
  const standing = bookingStanding(booking.status, tickets, []);
  return standing === 'refund_pending' || standing === 'refunded' ? 'cancelled' : standing;
}

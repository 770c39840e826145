import { sql } from 'drizzle-orm';
import {
  char,
  date,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bookingStatuses } from '../../../domain/booking-lifecycle.ts';
import { passportSexes } from '../../../domain/passengers.ts';
import type { BookingPrice } from '../../../domain/pricing.ts';
import { operators, routes, sailings } from './network.ts';

/**
 * A booking and its seat holds. It holds seats on its sailings while `held` or `awaiting_payment` and `expires_at`
 * is in the future, and keeps them once `paid`. Seats taken on a sailing are counted from booking_legs under a row
 * lock on the sailing (see queries/inventory.ts); expired holds stop counting by the time condition alone, so a
 * late sweeper can never oversell.
 */
export const bookings = pgTable(
  'bookings',
  {
    /** 144 random bits, base64url: the unguessable id of `/booking/{id}`. */
    id: varchar('id', { length: 24 }).primaryKey(),
    /** What people read aloud and type (no 0, O, 1, I). */
    code: char('code', { length: 6 }).notNull().unique(),
    /** The lifecycle's states (src/domain/booking-lifecycle.ts); moves between them go through its table. */
    status: text('status', { enum: bookingStatuses }).notNull(),
    trip: text('trip', { enum: ['one_way', 'two_way', 'open'] }).notNull(),
    /** The language of the booking's e-mails and documents. */
    locale: text('locale', { enum: ['en', 'id'] }).notNull(),
    adults: smallint('adults').notNull(),
    children: smallint('children').notNull(),
    infants: smallint('infants').notNull(),
    /** The priced snapshot at booking time; the receipt never changes afterwards. */
    price: jsonb('price').$type<BookingPrice>().notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** The account that owns the booking; guests have none (accounts arrive later). */
    userId: text('user_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When "Keep my seats" extended the hold (once per booking: keepSeatsRefusal). */
    holdExtendedAt: timestamp('hold_extended_at', { withTimezone: true }),
    /** When the agency extended the payment deadline (once per booking: paymentExtensionRefusal). */
    paymentExtendedAt: timestamp('payment_extended_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bookings_status_known', sql`${t.status} in ('held', 'awaiting_payment', 'paid', 'expired')`),
    check(
      'bookings_hold_expires',
      sql`${t.status} not in ('held', 'awaiting_payment') or ${t.expiresAt} is not null`,
    ),
    check(
      'bookings_party',
      sql`${t.adults} between 1 and 9 and ${t.children} >= 0 and ${t.infants} between 0 and ${t.adults} and ${t.adults} + ${t.children} <= 9`,
    ),
    index('bookings_status_expires_idx').on(t.status, t.expiresAt),
    index('bookings_user_idx').on(t.userId),
    // My booking finds a confirmed address's guest bookings by it (stored lower-cased by save-details).
    index('bookings_contact_email_idx').on(t.contactEmail),
  ],
);

/**
 * The legs of a booking: leg 0 outbound, leg 1 return. A leg on a sailing holds `seats` on it; an open ticket's leg
 * names only its route and operator and holds no seat until it is claimed. Segment 0 is the leg as booked; a
 * reschedule of some of its passengers adds a segment (1, 2, ...) on the new sailing and moves their seats there
 * (the tickets name their segment), so every row still holds the seats of the passengers riding on it.
 */
export const bookingLegs = pgTable(
  'booking_legs',
  {
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    leg: smallint('leg').notNull(),
    segment: smallint('segment').notNull().default(0),
    routeId: varchar('route_id', { length: 7 })
      .notNull()
      .references(() => routes.id),
    operatorCode: varchar('operator_code', { length: 4 })
      .notNull()
      .references(() => operators.code),
    sailingId: uuid('sailing_id').references(() => sailings.id),
    /** Adults and children: infants travel on a lap and take no seat. 0 once all of them moved or cancelled. */
    seats: integer('seats').notNull(),
    /**
     * Until when these seats count as taken: the hold's expiry while `held` / `awaiting_payment`, `infinity` once
     * paid, `-infinity` after. Kept by database triggers from bookings.status and expires_at (migration
     * 0006_seat_windows), so no code path can forget it; counting seats is then one index range per sailing.
     */
    countsUntil: timestamp('counts_until', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.leg, t.segment] }),
    index('booking_legs_sailing_idx').on(t.sailingId),
    index('booking_legs_sailing_window_idx').on(t.sailingId, t.countsUntil),
    check('booking_legs_leg_known', sql`${t.leg} in (0, 1) and ${t.segment} >= 0`),
    check('booking_legs_seats_counted', sql`${t.seats} >= 0`),
  ],
);

/**
 * The people on a booking, in party order: adults first, then children, then infants (their category comes from
 * that order and the booking's counts). Names and passports as on the passport, for the tickets and the manifest.
 */
export const bookingPassengers = pgTable(
  'booking_passengers',
  {
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    category: text('category', { enum: ['adult', 'child', 'infant'] }).notNull(),
    fullName: text('full_name').notNull(),
    /** Empty only on bookings made before it was asked (migration 0017); the booking flow requires it. */
    dateOfBirth: date('date_of_birth'),
    /**
     * Number and dates are erased 90 days after the booking's last travel date (jobs/erase-passports.ts,
     * domain/retention.ts): null only then, with `passportErasedAt` saying when. The issuing country stays.
     */
    passportNumber: varchar('passport_number', { length: 20 }),
    passportIssued: date('passport_issued'),
    passportExpiry: date('passport_expiry'),
    passportCountry: char('passport_country', { length: 2 }).notNull(),
    passportErasedAt: timestamp('passport_erased_at', { withTimezone: true }),
    /**
     * For the manifest (issue 37): asked at online check-in or added at the counter; empty until then, and on
     * the manifest as missing.
     */
    nationality: char('nationality', { length: 2 }),
    sex: char('sex', { length: 1, enum: passportSexes }),
    /** Issued with the tickets when the booking is paid: one e-ticket (one PDF page) per passenger. */
    eTicketNumber: varchar('e_ticket_number', { length: 16 }).unique(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.position] }),
    check('booking_passengers_category_known', sql`${t.category} in ('adult', 'child', 'infant')`),
    check('booking_passengers_passport_dates', sql`${t.passportExpiry} > ${t.passportIssued}`),
    check('booking_passengers_sex_known', sql`${t.sex} in ('F', 'M', 'X')`),
    // The console finds a booking by a passenger's passport number, however it was typed.
    index('booking_passengers_passport_idx').on(sql`upper(${t.passportNumber})`),
    // The passport erasure's candidates: only bookings whose passports are still kept, however long the history.
    index('booking_passengers_passport_kept_idx')
      .on(t.bookingId)
      .where(sql`${t.passportNumber} is not null`),
  ],
);

/**
 * Seats taken per sailing, grouped by the whole second until which they count (a hold's expiry rounded up,
 * `infinity` once paid). Triggers on booking_legs keep it exact (migration 0009_seat_window_ledger), so counting a
 * sailing's seats reads a few rows however many holds it has had: the count every booker waits on under the lock.
 * No foreign key to sailings, on purpose: its check would lock the sailing row (FOR KEY SHARE) whenever a new window
 * opens, leg by leg and out of the sailings' id order, which deadlocked "Pay" against holds (docs/decisions/
 * 0001-lock-order.md). booking_legs, whose triggers alone write here, keeps that foreign key.
 */
export const seatWindows = pgTable(
  'seat_windows',
  {
    sailingId: uuid('sailing_id').notNull(),
    countsUntil: timestamp('counts_until', { withTimezone: true, mode: 'string' }).notNull(),
    seats: integer('seats').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sailingId, t.countsUntil] })],
);

/**
 * A one-time code e-mailed to a booking's contact address: proof that whoever types it reads that mailbox
 * (domain/booking-access.ts: 6 digits, 10 minutes, 5 tries, one use). The code is an HMAC of `nonce` under the
 * installation's link secret (auth/booking-access.ts), so the database holds no code, and the mail job composes it
 * again at send time. Asking again replaces the earlier code.
 */
export const bookingAccessCodes = pgTable(
  'booking_access_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: varchar('booking_id', { length: 24 })
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    nonce: varchar('nonce', { length: 43 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong codes typed against it; at the limit it is spent. */
    attempts: smallint('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_access_codes_booking_idx').on(t.bookingId)],
);

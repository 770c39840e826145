import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sailings } from './network.ts';

/**
 * The seat-hold model. A booking holds seats on its sailings while `held` or `awaiting_payment` and
 * `expires_at` is in the future, and keeps them once `paid`. Seats taken on a sailing are counted from
 * booking_sailings under a row lock on the sailing (see the inventory query); expired holds stop counting by the
 * time condition alone, so a late sweeper can never oversell.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: char('code', { length: 6 }).notNull().unique(),
    status: text('status', { enum: ['held', 'awaiting_payment', 'paid', 'expired'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('bookings_status_known', sql`${t.status} in ('held', 'awaiting_payment', 'paid', 'expired')`),
    check(
      'bookings_hold_expires',
      sql`${t.status} not in ('held', 'awaiting_payment') or ${t.expiresAt} is not null`,
    ),
    index('bookings_status_expires_idx').on(t.status, t.expiresAt),
  ],
);

/** Seats a booking takes on each of its sailings (one row per leg). */
export const bookingSailings = pgTable(
  'booking_sailings',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    sailingId: uuid('sailing_id')
      .notNull()
      .references(() => sailings.id),
    seats: integer('seats').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.sailingId] }),
    index('booking_sailings_sailing_idx').on(t.sailingId),
    check('booking_sailings_seats_positive', sql`${t.seats} > 0`),
  ],
);

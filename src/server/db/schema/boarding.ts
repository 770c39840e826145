import { primaryKey, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { tickets } from './payments.ts';

/**
 * Boarding passes no longer good: the operator delayed their sailing, so a new pass with the new departure was
 * issued (the QR signs the departure). A gate refuses a pass found here, however valid its signature.
 */
export const supersededBoardingPasses = pgTable(
  'superseded_boarding_passes',
  {
    ticketNumber: varchar('ticket_number', { length: 16 })
      .notNull()
      .references(() => tickets.ticketNumber, { onDelete: 'cascade' }),
    /** The departure the old pass signed. */
    departure: timestamp('departure', { withTimezone: true }).notNull(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ticketNumber, t.departure] })],
);

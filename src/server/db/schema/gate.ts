import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { tickets } from './payments.ts';
import { staffMembers } from './staff.ts';

/**
 * The phones that scan boarding passes at the gate (`/staff/scan`). An admin adds one in the console and gets a
 * one-use set-up code (15 minutes); the phone, signed in as an agent, trades it for a device token it keeps, which
 * reads the day's sailings and uploads boardings even after the agent's session ends. Revoking a device stops its
 * token at once. The token is kept as its SHA-256 hash. Model: pretix's device authentication.
 */
export const gateDevices = pgTable(
  'gate_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 60 }).notNull(),
    addedBy: uuid('added_by')
      .notNull()
      .references(() => staffMembers.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * While its set-up code is good: a random id, the code being this id signed with the installation's link key
     * (auth/staff-security.ts, `deviceSetUpCode`), so the console can show the code again and the database alone makes none.
     */
    setUpId: text('set_up_id').unique(),
    setUpExpiresAt: timestamp('set_up_expires_at', { withTimezone: true }),
    tokenHash: text('token_hash').unique(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    enrolledBy: uuid('enrolled_by').references(() => staffMembers.id),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [check('gate_devices_code_expires', sql`(${t.setUpId} is null) = (${t.setUpExpiresAt} is null)`)],
);

/**
 * Each boarding a device sent, by the nonce the device drew when it scanned: an upload retried (the connection
 * dropped before the answer) finds its nonce and answers as the first time, so a retry never boards twice; a
 * ticket scanned at two gates boards at the first, and the second is told `already_boarded`.
 */
export const boardingMarks = pgTable(
  'boarding_marks',
  {
    nonce: uuid('nonce').primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => gateDevices.id),
    ticketNumber: varchar('ticket_number', { length: 16 })
      .notNull()
      .references(() => tickets.ticketNumber, { onDelete: 'cascade' }),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['boarded', 'already_boarded', 'not_boardable'] }).notNull(),
  },
  (t) => [
    index('boarding_marks_ticket_idx').on(t.ticketNumber),
    check(
      'boarding_marks_outcome_known',
      sql`${t.outcome} in ('boarded', 'already_boarded', 'not_boardable')`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Terminals the agency sells from and to; names live in the content collection, zones here for queries. */
export const terminals = pgTable('terminals', {
  code: char('code', { length: 3 }).primaryKey(),
  country: char('country', { length: 2 }).notNull(),
  timeZone: text('time_zone').notNull(),
});

export const operators = pgTable('operators', {
  code: varchar('code', { length: 4 }).primaryKey(),
  name: text('name').notNull(),
});

export const routes = pgTable(
  'routes',
  {
    id: varchar('id', { length: 7 }).primaryKey(),
    fromTerminal: char('from_terminal', { length: 3 })
      .notNull()
      .references(() => terminals.code),
    toTerminal: char('to_terminal', { length: 3 })
      .notNull()
      .references(() => terminals.code),
  },
  (t) => [
    unique('routes_ends_unique').on(t.fromTerminal, t.toTerminal),
    check('routes_distinct_ends', sql`${t.fromTerminal} <> ${t.toTerminal}`),
  ],
);

/** Timetable rows: an operator sails a route at a local time on some weekdays. */
export const timetableEntries = pgTable(
  'timetable_entries',
  {
    id: text('id').primaryKey(),
    routeId: varchar('route_id', { length: 7 })
      .notNull()
      .references(() => routes.id),
    operatorCode: varchar('operator_code', { length: 4 })
      .notNull()
      .references(() => operators.code),
    departureLocal: char('departure_local', { length: 5 }).notNull(),
    /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
    days: smallint('days').array().notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    capacity: integer('capacity').notNull(),
  },
  (t) => [
    check('timetable_duration_positive', sql`${t.durationMinutes} > 0`),
    check('timetable_capacity_positive', sql`${t.capacity} > 0`),
    check('timetable_departure_clock', sql`${t.departureLocal} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

/** A dated departure. Instants are UTC; each is shown in the local time of its own terminal. */
export const sailings = pgTable(
  'sailings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    routeId: varchar('route_id', { length: 7 })
      .notNull()
      .references(() => routes.id),
    operatorCode: varchar('operator_code', { length: 4 })
      .notNull()
      .references(() => operators.code),
    timetableEntryId: text('timetable_entry_id').references(() => timetableEntries.id),
    departsAt: timestamp('departs_at', { withTimezone: true }).notNull(),
    arrivesAt: timestamp('arrives_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    /** The departure first published, kept when the operator delays the sailing (null: never delayed). */
    scheduledDepartsAt: timestamp('scheduled_departs_at', { withTimezone: true }),
    /** When the delay was recorded: only tickets issued before it get its free changes. */
    delayedAt: timestamp('delayed_at', { withTimezone: true }),
    /** The operator's reason for a cancellation or delay, in both languages: what the travellers' mails say. */
    noticeEn: text('notice_en'),
    noticeId: text('notice_id'),
  },
  (t) => [
    unique('sailings_route_operator_departure_unique').on(t.routeId, t.operatorCode, t.departsAt),
    index('sailings_route_departure_idx').on(t.routeId, t.departsAt),
    check('sailings_capacity_positive', sql`${t.capacity} > 0`),
    check('sailings_arrives_after_departure', sql`${t.arrivesAt} > ${t.departsAt}`),
    check('sailings_status_known', sql`${t.status} in ('scheduled', 'cancelled')`),
  ],
);

/** Ticket price per passenger and leg, by category, for an operator on a route. Integer rupiah. */
export const fares = pgTable(
  'fares',
  {
    routeId: varchar('route_id', { length: 7 })
      .notNull()
      .references(() => routes.id),
    operatorCode: varchar('operator_code', { length: 4 })
      .notNull()
      .references(() => operators.code),
    adult: integer('adult').notNull(),
    child: integer('child').notNull(),
    infant: integer('infant').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.operatorCode] }),
    check('fares_not_negative', sql`${t.adult} >= 0 and ${t.child} >= 0 and ${t.infant} >= 0`),
  ],
);

/** Per-passenger charges of a departure terminal: the terminal fee and the fuel surcharge, by category. */
export const terminalCharges = pgTable(
  'terminal_charges',
  {
    terminalCode: char('terminal_code', { length: 3 })
      .notNull()
      .references(() => terminals.code),
    kind: text('kind', { enum: ['terminal_fee', 'surcharge'] }).notNull(),
    adult: integer('adult').notNull(),
    child: integer('child').notNull(),
    infant: integer('infant').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.terminalCode, t.kind] }),
    check('terminal_charges_kind_known', sql`${t.kind} in ('terminal_fee', 'surcharge')`),
    check('terminal_charges_not_negative', sql`${t.adult} >= 0 and ${t.child} >= 0 and ${t.infant} >= 0`),
  ],
);

/** Virtual-account channels and the transaction fee each charges once per booking. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    code: varchar('code', { length: 10 }).primaryKey(),
    name: text('name').notNull(),
    transactionFee: integer('transaction_fee').notNull(),
  },
  (t) => [check('payment_channels_fee_not_negative', sql`${t.transactionFee} >= 0`)],
);

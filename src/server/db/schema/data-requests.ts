import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { dataRequestKinds } from '../../../domain/data-requests.ts';

/**
 * The record of every personal-data request and of its answer that the privacy policy promises (UU PDP Art. 14):
 * who asked (the address the request came from, the one the answer goes to), what, when it was received, by when it
 * is due (domain/data-requests.ts), and how it was answered. Staff record them from the console.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: dataRequestKinds }).notNull(),
    /** Lower-cased: the bookings' contact address or the account's, which the export gathers by. */
    email: varchar('email', { length: 254 }).notNull(),
    /** What the traveller asked, in their words or the agent's summary. */
    details: text('details').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    recordedBy: text('recorded_by').notNull(),
    outcome: text('outcome', { enum: ['done', 'refused'] }),
    /** What was done, or why the law lets us refuse (Art. 15): told to the traveller. */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: text('answered_by'),
  },
  (t) => [
    index('data_requests_open_idx')
      .on(t.dueAt)
      .where(sql`${t.outcome} is null`),
    check('data_requests_email_lower', sql`${t.email} = lower(${t.email})`),
    check('data_requests_outcome_known', sql`${t.outcome} is null or ${t.outcome} in ('done', 'refused')`),
  ],
);

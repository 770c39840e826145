import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A genuinely signed gateway callback that could not be applied: an amount that is no amount (0, negative,
 * fractional, beyond any real one), ids longer than ours, a VA we never issued. It is acknowledged (2xx, so the
 * gateway stops retrying) and kept here for the agency to look into: `npm run ops -- anomalies`.
 */
export const paymentAnomalies = pgTable(
  'payment_anomalies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway', { enum: ['sandbox', 'xendit'] }).notNull(),
    /** What was wrong, as a short code: `amount_not_payable`, `unknown_attempt`, ... */
    reason: text('reason').notNull(),
    /** The callback's body as received, made storable (unprintable characters replaced) and cut to 16 KB. */
    body: text('body').notNull(),
    /** The request (or job run) that wrote the row: its log lines carry the same id (observability/request-scope.ts). */
    requestId: text('request_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_anomalies_received_idx').on(t.receivedAt)],
);

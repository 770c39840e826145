import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The rate limits' counters (http/rate-limits.ts): one row per limited key, shared by every process on the database.
 * Columns as rate-limiter-flexible's Drizzle store, which kept them first, made them.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

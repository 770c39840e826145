import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Counters of rate-limiter-flexible's Drizzle store (RateLimiterDrizzle): one row per limited key, shared by every
 * process on the database. Columns are the names and types that store expects.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

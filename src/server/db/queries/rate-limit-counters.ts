import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { rateLimits } from '../schema/rate-limits.ts';
import { preparedPerDatabase } from './prepared.ts';
import { instantText } from '../../../domain/instant-text.ts';

/** A limited key's counter: the points spent in its window, and when the window ends. */
export interface Counter {
  points: number;
  expire: Date | null;
}

const now = sql`${sql.placeholder('now')}::timestamptz`;
const nextExpire = sql`${sql.placeholder('expire')}::timestamptz`;
// A counter without an end (none is written so) starts again too, rather than count for ever.
const expired = sql`(${rateLimits.expire} is null or ${rateLimits.expire} <= ${now})`;

/**
 * Spends points of a key's window in one statement: a new key, or one whose window has ended, starts a new window
 * with them. Prepared once per database: building this upsert at every hold was a tenth of the hold's time.
 */
const spendPrepared = preparedPerDatabase((db: Database) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), points: sql.placeholder('points'), expire: nextExpire })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`CASE WHEN ${expired} THEN ${sql.placeholder('points')}::int ELSE ${rateLimits.points} + ${sql.placeholder('points')}::int END`,
        expire: sql`CASE WHEN ${expired} THEN ${nextExpire} ELSE ${rateLimits.expire} END`,
      },
    })
    .returning({ points: rateLimits.points, expire: rateLimits.expire })
    .prepare('rate_limit_spend'),
);

const readPrepared = preparedPerDatabase((db: Database) =>
  db
    .select({ points: rateLimits.points, expire: rateLimits.expire })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, sql.placeholder('key')), gt(rateLimits.expire, now)))
    .limit(1)
    .prepare('rate_limit_read'),
);

/** Spends `points` of `key`'s window of `seconds` at `at`; the counter as it stands after. */
export async function spendPoints(
  db: Database,
  key: string,
  points: number,
  seconds: number,
  at: Date,
): Promise<Counter> {
  const [counter] = await spendPrepared(db).execute({
    key,
    points,
    now: instantText(at),
    expire: instantText(at.getTime() + seconds * 1000),
  });
  if (!counter) throw new Error('the rate limit upsert answered nothing');
  return counter;
}

/** `key`'s counter in its current window at `at`, if it has one. */
export async function readCounter(db: Database, key: string, at: Date): Promise<Counter | undefined> {
  const [counter] = await readPrepared(db).execute({ key, now: instantText(at) });
  return counter;
}

import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimits } from '../db/schema/rate-limits.ts';

/**
 * Deletes the rate limits' counters whose window ended before `now`: the only rows derived from a client's IP
 * address (a SHA-256 of it, which can be found again by trying addresses). An ended window counts nothing, so
 * this changes no limit; nothing else deletes a counter, so without this one could outlive the "few minutes" the
 * privacy policy promises. Returns how many it deleted.
 */
export async function clearAttemptRecords(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(rateLimits)
    .where(lt(rateLimits.expire, now))
    .returning({ key: rateLimits.key });
  return rows.length;
}

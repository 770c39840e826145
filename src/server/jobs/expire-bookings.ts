import { and, asc, inArray, lte } from 'drizzle-orm';
import { holdingStatuses } from '../../domain/booking-status.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';

/**
 * Moves held and awaiting-payment bookings past their expiry to `expired` and returns their ids (for the expiry
 * e-mail). Seat counting never waits for this: an expired hold stops counting by its time alone. Rows are claimed
 * with SKIP LOCKED, so sweepers on several processes share the work and release each hold once.
 */
export async function expireBookings(db: Database, now: Date, batch = 200): Promise<string[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.status, [...holdingStatuses]), lte(bookings.expiresAt, now)))
      .orderBy(asc(bookings.expiresAt))
      .limit(batch)
      .for('update', { skipLocked: true });
    const ids = due.map((row) => row.id);
    if (ids.length === 0) return [];
    await tx.update(bookings).set({ status: 'expired', updatedAt: now }).where(inArray(bookings.id, ids));
    return ids;
  });
}

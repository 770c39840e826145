import { and, asc, inArray, isNotNull, lte } from 'drizzle-orm';
import { holdingStatuses } from '../../domain/booking-lifecycle.ts';
import type { Database } from '../db/client.ts';
import { endOpenAttempts } from '../db/queries/end-attempts.ts';
import { lockLedgerRowsOf } from '../db/queries/inventory.ts';
import { bookings } from '../db/schema/bookings.ts';
import { queueMailOnce } from '../db/queries/queue-mail.ts';

/**
 * Moves held and awaiting-payment bookings past their expiry to `expired`, ends their open payment attempts (whose
 * virtual accounts `closeVirtualAccounts` then closes at the gateway, outside this transaction) and queues the
 * expiry e-mail for those that gave an address; returns their ids. Seat counting never waits for this:
 * an expired hold stops counting by its time alone. Rows are claimed with SKIP LOCKED, so sweepers on several
 * processes share the work and release each hold once.
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
    // The status change moves these holds' seats out of the seat ledger (triggers). Taking the ledger rows in one
    // order first means two sweepers, whose bookings share a sailing and a second, never lock them crosswise.
    await lockLedgerRowsOf(tx, ids);
    await tx.update(bookings).set({ status: 'expired', updatedAt: now }).where(inArray(bookings.id, ids));
    await endOpenAttempts(tx, ids);
    // A payment arriving after this is still recorded (recordPayment): confirmed if the seats are free, else refunded.
    const reachable = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(inArray(bookings.id, ids), isNotNull(bookings.contactEmail)));
    await queueMailOnce(
      tx,
      reachable.map((row) => row.id),
      'booking_expired',
    );
    return ids;
  });
}

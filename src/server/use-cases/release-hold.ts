import { eq } from 'drizzle-orm';
import { assertMove } from '../../domain/booking-lifecycle.ts';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { lockLedgerRowsOf, lockSailingsOfBooking } from '../db/queries/inventory.ts';
import { bookings } from '../db/schema/bookings.ts';
import { endOpenAttempts } from '../db/queries/end-attempts.ts';
import type { UseCaseContext } from './context.ts';

/**
 * Releases a hold the same browser abandoned: a booking still `held` becomes `expired` at once, and its seats go
 * back on sale (the ledger's triggers). Anything else (already paying, paid, expired, unknown) is left as it is.
 * Lock order as everywhere: the sailings, the booking, its ledger rows (docs/decisions/0001). No mail: the
 * traveller is on the site, choosing again.
 */
async function releaseHoldOf(bookingId: string, ctx: Pick<UseCaseContext, 'db' | 'clock'>): Promise<boolean> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) return false;
  return lockingTransaction(ctx.db, async (tx) => {
    await lockSailingsOfBooking(tx, bookingId);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (booking?.status !== 'held') return false;
    await lockLedgerRowsOf(tx, [bookingId]);
    assertMove(booking.status, 'expired');
    await tx
      .update(bookings)
      .set({ status: 'expired', updatedAt: ctx.clock() })
      .where(eq(bookings.id, bookingId));
    await endOpenAttempts(tx, [bookingId]);
    return true;
  });
}

/** Use case: release the browser's previous hold; answers whether there was one to release. */
export const releaseHold = {
  run(ctx: UseCaseContext, input: { bookingId: string }): Promise<boolean> {
    return releaseHoldOf(input.bookingId, ctx);
  },
};

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { payments } from '../schema/payments.ts';

/**
 * Ends the payment attempts of bookings that just expired: a pending VA's attempt expires (its VA is then closed by
 * `closeVirtualAccounts`); one whose process died at the gateway fails, never shown to anyone, no longer adopted.
 */
export async function endOpenAttempts(tx: Database, bookingIds: string[]): Promise<void> {
  await tx
    .update(payments)
    .set({ status: 'expired' })
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'pending')));
  await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(and(inArray(payments.bookingId, bookingIds), eq(payments.status, 'creating')));
}

import { eq, inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import { isBookable } from '../../domain/availability.ts';
import { extendedHoldExpiry, holdIsLive, keepSeatsRefusal } from '../../domain/booking-lifecycle.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { legsStillFit, lockLedgerRowsOf, lockSailingsOfBooking } from '../db/queries/inventory.ts';
import { bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { refuse } from '../validation-errors.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';

/**
 * "Keep my seats": extends a held booking once by 20 minutes (the lifecycle's rule). Under the sailings' locks,
 * then the booking's and its ledger rows (docs/decisions/0001), with the clock read once they are granted: a live
 * hold keeps its seats; one that lapsed a moment ago gets them again only if they are still free and its sailings
 * still take bookings. Answers the new expiry.
 */
async function keepSeatsOf(bookingId: string, ctx: Pick<UseCaseContext, 'db' | 'clock'>): Promise<Date> {
  return lockingTransaction(ctx.db, async (tx) => {
    const legs = await lockSailingsOfBooking(tx, bookingId);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    await lockLedgerRowsOf(tx, [bookingId]);
    const now = ctx.clock();
    const refusal = keepSeatsRefusal(booking);
    if (refusal === 'already_extended') throw refuse('booking', 'hold_error_extended_once');
    if (refusal || !booking.expiresAt) throw refuse('booking', 'booking_error_not_editable');
    const ids = legs.flatMap((leg) => (leg.sailingId ? [leg.sailingId] : []));
    const departures = ids.length
      ? await tx.select({ departsAt: sailings.departsAt }).from(sailings).where(inArray(sailings.id, ids))
      : [];
    if (departures.some((sailing) => !isBookable(sailing.departsAt, now)))
      throw refuse('booking', 'hold_error_closed');
    if (!holdIsLive(booking, now) && !(await legsStillFit(tx, legs, now)))
      throw refuse('booking', 'booking_error_hold_expired');
    const expiresAt = extendedHoldExpiry(booking.expiresAt, now);
    // The expiry write moves the hold's seats in the ledger (triggers), under the ledger locks taken above.
    await tx
      .update(bookings)
      .set({ expiresAt, holdExtendedAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    return expiresAt;
  });
}

/** Use case: "Keep my seats" on a held booking. */
export const keepSeats = defineUseCase({
  name: 'keep-seats',
  input: z.object({}),
  address: bookingAddress,
  run(ctx: UseCaseContext, input: { bookingId: string }): Promise<Date> {
    return keepSeatsOf(input.bookingId, ctx);
  },
  route: {
    method: 'POST',
    path: '/bookings/:id/keep',
    caller: 'guest',
    answer: (expiresAt) => ({ expiresAt: expiresAt.toISOString() }),
  },
  form: { next: (_kept, ctx, input) => localizePath(`/booking/${input.bookingId}`, ctx.locale) },
  refusals: [404, 409, 422],
});

import { and, eq, isNull } from 'drizzle-orm';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';

/**
 * A guest's booking joins the account that just logged in (or confirmed its sign-up) from its "log in or sign up to
 * manage your bookings" prompt. Its unguessable id is what gave the guest access, so it is what proves the booking is
 * theirs to attach; a booking some account holds already stays with that account. Answers whether it is now this
 * account's.
 */
export async function attachBooking(
  db: Pick<Database, 'update' | 'select'>,
  userId: string,
  bookingId: string,
): Promise<boolean> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) return false;
  await db
    .update(bookings)
    .set({ userId })
    .where(and(eq(bookings.id, bookingId), isNull(bookings.userId)));
  const [booking] = await db
    .select({ userId: bookings.userId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return booking?.userId === userId;
}

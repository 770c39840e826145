import { and, eq, isNull } from 'drizzle-orm';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import type { Database } from '../db/client.ts';
import { bookings } from '../db/schema/bookings.ts';
import { ownsBooking } from './account-bookings.ts';

/**
 * A guest's booking joins an account (its "log in or sign up to manage your bookings" prompt, or the e-mailed code
 * on its verify page). Its link proves nothing of the kind, as it travels in every e-mail: the booking joins only
 * when the account's proven address is the booking's contact address (it is then the account's already, and is
 * kept there should the address change), or when `mailboxProven` (the one-time code sent to the contact address was
 * typed). A booking some account holds already stays with that account. Answers whether it is now this account's.
 */
export async function attachBooking(
  db: Pick<Database, 'update' | 'select'>,
  userId: string,
  bookingId: string,
  mailboxProven = false,
): Promise<boolean> {
  if (!BOOKING_ID_PATTERN.test(bookingId)) return false;
  if (!mailboxProven && !(await ownsBooking(db, userId, bookingId))) return false;
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

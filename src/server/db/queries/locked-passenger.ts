import { and, eq } from 'drizzle-orm';
import { refuse } from '../../validation-errors.ts';
import type { Database } from '../client.ts';
import { bookingPassengers, bookings } from '../schema/bookings.ts';

/**
 * A booking locked for a change to one of its passengers (the counter's corrections), and that passenger: a booking
 * not found is 404, and so is a place in the party it does not have. `where` selects the passenger's row again.
 */
export async function lockedPassenger(tx: Database, bookingId: string, position: number) {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw refuse('booking', 'api_booking_not_found');
  const where = and(eq(bookingPassengers.bookingId, bookingId), eq(bookingPassengers.position, position));
  const [passenger] = await tx.select().from(bookingPassengers).where(where);
  if (!passenger) throw refuse('position', 'staff_passenger_not_found');
  return { booking, passenger, where };
}

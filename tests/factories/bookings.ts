import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { bookingLegs, bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';

interface FactoryBooking {
  code: string;
  status: 'held' | 'awaiting_payment' | 'paid' | 'expired';
  expiresAt?: Date | null;
  /** Seats on one sailing (leg 0). */
  sailingId: string;
  seats: number;
}

/** A booking written straight to the database, for tests that need seats taken without the booking flow. */
export async function insertBooking(db: Database, booking: FactoryBooking): Promise<string> {
  const [sailing] = await db.select().from(sailings).where(eq(sailings.id, booking.sailingId));
  if (!sailing) throw new Error(`no sailing ${booking.sailingId}`);
  const id = randomBytes(18).toString('base64url');
  await db.insert(bookings).values({
    id,
    code: booking.code,
    status: booking.status,
    trip: 'one_way',
    locale: 'en',
    adults: 1,
    children: 0,
    infants: 0,
    price: { legs: [], transactionFee: 0, total: 0 },
    expiresAt: booking.expiresAt ?? null,
  });
  await db.insert(bookingLegs).values({
    bookingId: id,
    leg: 0,
    routeId: sailing.routeId,
    operatorCode: sailing.operatorCode,
    sailingId: sailing.id,
    seats: booking.seats,
  });
  return id;
}

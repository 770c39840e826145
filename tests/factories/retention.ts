import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { fares, sailings } from '../../src/server/db/schema/network.ts';
import { refunds, tickets } from '../../src/server/db/schema/payments.ts';

/** A sailing of the first fare's route and operator, departing at `departsAt` (one per instant). */
export async function sailingAt(db: Database, departsAt: Date): Promise<string> {
  const [fare] = await db
    .select({ routeId: fares.routeId, operatorCode: fares.operatorCode })
    .from(fares)
    .limit(1);
  if (!fare) throw new Error('no network: call upsertNetwork first');
  const [sailing] = await db
    .insert(sailings)
    .values({
      ...fare,
      departsAt,
      arrivesAt: new Date(departsAt.getTime() + 60 * 60_000),
      capacity: 100,
    })
    .returning({ id: sailings.id });
  if (!sailing) throw new Error('sailing not created');
  return sailing.id;
}

/** A leg segment as booked: on a sailing, or open (no sailing). */
export interface RetentionLeg {
  leg: 0 | 1;
  segment?: number;
  sailingId?: string;
}

let codes = 0;

/**
 * A paid booking with one passenger (passport `passport`) and a ticket per segment, issued at `issuedAt`, written
 * straight to the database: the retention jobs read only these rows.
 */
export async function paidBookingWithPassport(
  db: Database,
  booking: {
    passport: string;
    bookedAt: Date;
    issuedAt?: Date;
    legs: RetentionLeg[];
    ticketStatus?: 'active' | 'cancelled';
  },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const code = `R${String(++codes).padStart(5, '0')}`.replace(/0/g, 'Q');
  const [fare] = await db
    .select({ routeId: fares.routeId, operatorCode: fares.operatorCode })
    .from(fares)
    .limit(1);
  if (!fare) throw new Error('no network');
  await db.insert(bookings).values({
    id,
    code,
    status: 'paid',
    trip: booking.legs.some((leg) => leg.leg === 1) ? 'two_way' : 'one_way',
    locale: 'en',
    adults: 1,
    children: 0,
    infants: 0,
    price: { legs: [], transactionFee: 0, total: 0 },
    contactName: 'Siti Rahma',
    contactEmail: 'siti@example.com',
    paidAt: booking.issuedAt ?? booking.bookedAt,
    createdAt: booking.bookedAt,
  });
  for (const leg of booking.legs)
    await db.insert(bookingLegs).values({
      bookingId: id,
      leg: leg.leg,
      segment: leg.segment ?? 0,
      ...fare,
      sailingId: leg.sailingId ?? null,
      seats: leg.sailingId ? 1 : 0,
    });
  await db.insert(bookingPassengers).values({
    bookingId: id,
    position: 0,
    category: 'adult',
    fullName: 'Siti Rahma',
    dateOfBirth: '1990-04-02',
    passportNumber: booking.passport,
    passportIssued: '2022-01-10',
    passportExpiry: '2032-01-09',
    passportCountry: 'ID',
    eTicketNumber: `E${code}`,
  });
  for (const [index, leg] of booking.legs.entries())
    await db.insert(tickets).values({
      ticketNumber: `T${code}${index}`,
      bookingId: id,
      position: 0,
      leg: leg.leg,
      segment: leg.segment ?? 0,
      status: booking.ticketStatus ?? 'active',
      issuedAt: booking.issuedAt ?? booking.bookedAt,
    });
  return id;
}

/** The passenger's passport as stored now. */
export async function passportOf(db: Database, bookingId: string) {
  const [row] = await db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId));
  if (!row) throw new Error(`no passenger on ${bookingId}`);
  return row;
}

/** A refund to a bank account, paid at `paidAt` (or still owed when it is absent). */
export async function refundToAccount(db: Database, bookingId: string, paidAt?: Date): Promise<string> {
  const [refund] = await db
    .insert(refunds)
    .values({
      bookingId,
      amount: 350_000,
      reason: 'cancellation',
      status: paidAt ? 'done' : 'queued',
      bank: 'bca',
      accountNumber: '1234567890',
      accountHolder: 'Siti Rahma',
      paidAt: paidAt ?? null,
      transferReference: paidAt ? 'TRF-0001' : null,
      createdAt: paidAt ?? new Date('2026-01-01T00:00:00Z'),
    })
    .returning({ id: refunds.id });
  if (!refund) throw new Error('refund not created');
  return refund.id;
}

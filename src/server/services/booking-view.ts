import { asc, eq } from 'drizzle-orm';
import type { BookingStatus } from '../../domain/booking-status.ts';
import { portTime } from '../../domain/port-time.ts';
import type { BookingPrice } from '../../domain/pricing.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import type { Network } from '../network.ts';

export interface BookingLegView {
  leg: number;
  from: string;
  to: string;
  operator: string;
  /** Absent for an open ticket, which names no sailing until it is claimed. */
  departure?: { date: string; time: string; zone: string };
  arrival?: { date: string; time: string; zone: string };
}

export interface BookingView {
  id: string;
  code: string;
  status: BookingStatus;
  trip: 'one_way' | 'two_way' | 'open';
  party: { adult: number; child: number; infant: number };
  expiresAt: Date | null;
  price: BookingPrice;
  legs: BookingLegView[];
}

/** A booking as its pages show it, in the reader's language; undefined when the id is unknown. */
export async function bookingView(
  db: Database,
  network: Network,
  id: string,
  locale: Locale,
): Promise<BookingView | undefined> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) return undefined;
  const legs = await db
    .select({
      leg: bookingLegs.leg,
      routeId: bookingLegs.routeId,
      operatorCode: bookingLegs.operatorCode,
      departsAt: sailings.departsAt,
      arrivesAt: sailings.arrivesAt,
    })
    .from(bookingLegs)
    .leftJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
    .where(eq(bookingLegs.bookingId, id))
    .orderBy(asc(bookingLegs.leg));
  return {
    id: booking.id,
    code: booking.code,
    status: booking.status,
    trip: booking.trip,
    party: { adult: booking.adults, child: booking.children, infant: booking.infants },
    expiresAt: booking.expiresAt,
    price: booking.price,
    legs: legs.map((leg) => {
      const route = network.routeById(leg.routeId);
      if (!route) throw new Error(`booking ${id} names unknown route ${leg.routeId}`);
      const { from, to } = network.ends(route);
      return {
        leg: leg.leg,
        from: from.name[locale],
        to: to.name[locale],
        operator: network.operatorName(leg.operatorCode),
        ...(leg.departsAt && leg.arrivesAt
          ? {
              departure: portTime(leg.departsAt, from.timeZone),
              arrival: portTime(leg.arrivesAt, to.timeZone),
            }
          : {}),
      };
    }),
  };
}

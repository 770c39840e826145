import { asc, eq } from 'drizzle-orm';
import { segmentTravelled } from '../../../domain/after-sales.ts';
import { toLocal } from '../../../domain/port-time.ts';
import { lastTravelDate, travelDates } from '../../../domain/trip-dates.ts';
import type { Network } from '../../network.ts';
import type { Database } from '../client.ts';
import { bookingLegs } from '../schema/bookings.ts';
import { sailings } from '../schema/network.ts';
import { tickets } from '../schema/payments.ts';

/**
 * A booking's legs with their departures, the first departure terminal's today, and the travel dates (local; an
 * open ticket's today stands in until it is claimed): what the passport and category rules need, read once. A segment
 * every passenger left by a reschedule is no longer travelled (`legs`); `segments` keeps them all, with their sailing,
 * for the after-sales offers.
 */
export async function bookingTravelDates(db: Database, network: Network, bookingId: string, now: Date) {
  const [all, issued] = await Promise.all([
    db
      .select({
        leg: bookingLegs.leg,
        segment: bookingLegs.segment,
        routeId: bookingLegs.routeId,
        operatorCode: bookingLegs.operatorCode,
        sailingId: bookingLegs.sailingId,
        departsAt: sailings.departsAt,
        arrivesAt: sailings.arrivesAt,
        sailingStatus: sailings.status,
        scheduledDepartsAt: sailings.scheduledDepartsAt,
        delayedAt: sailings.delayedAt,
      })
      .from(bookingLegs)
      .leftJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
      .where(eq(bookingLegs.bookingId, bookingId))
      .orderBy(asc(bookingLegs.leg), asc(bookingLegs.segment)),
    db
      .select({ leg: tickets.leg, segment: tickets.segment, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.bookingId, bookingId)),
  ]);
  const legs = all.filter((leg) => segmentTravelled(leg, issued));
  const zoneOf = (routeId: string) => network.zoneOf(network.routeById(routeId)?.from);
  const today = toLocal(now, zoneOf(legs[0]?.routeId ?? '')).date;
  const dates = travelDates(
    legs.map((leg) => (leg.departsAt ? toLocal(leg.departsAt, zoneOf(leg.routeId)).date : undefined)),
    today,
  );
  // Every segment with its sailing, moved-from ones too: what the after-sales offers read of each ticket's leg.
  const segments = all.map(
    ({ sailingId, departsAt, arrivesAt, sailingStatus, scheduledDepartsAt, delayedAt, ...segment }) => ({
      ...segment,
      sailing:
        sailingId && departsAt && arrivesAt
          ? {
              id: sailingId,
              departsAt,
              arrivesAt,
              status: sailingStatus ?? 'scheduled',
              delayed: scheduledDepartsAt !== null,
              delayedAt,
            }
          : undefined,
    }),
  );
  return { legs, segments, today, dates, last: lastTravelDate(dates, today) };
}

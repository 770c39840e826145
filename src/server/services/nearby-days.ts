import { BOOKING_CUTOFF_MINUTES } from '../../domain/availability.ts';
import { bookingWindow } from '../../domain/booking-window.ts';
import { addDays, localDayBounds, toLocal } from '../../domain/port-time.ts';
import { priceLeg } from '../../domain/pricing.ts';
import type { Route } from '../../schemas/network.ts';
import { dayFares, nextDeparture, type DayFare } from '../db/queries/day-fares.ts';
import type { Tariffs, TerminalTariff } from '../db/queries/tariffs.ts';
import type { Database } from '../db/client.ts';
import type { Network } from '../network.ts';
import type { TerminalTimeZone } from '../../domain/time-zones.ts';
import { shapedOnce, type Frozen } from './shaped-once.ts';

/** Days shown either side of the searched one. */
export const NEARBY_DAYS = 3;

export interface NearbyDay {
  /** The terminal's local date. */
  date: string;
  /** The lowest price for one adult that day (fare, terminal fee and surcharge); absent: no sailing takes bookings. */
  lowestAdultPrice?: number;
}

export interface NearbyDays {
  /** Up to 3 days before and after the searched one, never before today nor past the sailing horizon. */
  days: NearbyDay[];
  /** When the searched day has no sailing: the local date of the next one that takes bookings, if any. */
  nextSailing?: string;
}

/**
 * The strip of neighbouring dates for a search: each day's lowest adult price, from one grouped query for the
 * whole week; and, for a day without sailings, the next day that has one. No dead ends.
 */
/** What the neighbouring days are read with (a search's context has it all). */
export interface NearbyContext {
  db: Database;
  network: Network;
  now: Date;
  horizonDays: number;
}

/** The strip for `date` on `route`, priced with the search's tariffs (`rates`, also its memo's scope). */
export async function nearbyDays(
  context: NearbyContext,
  rates: Tariffs,
  route: Route,
  date: string,
): Promise<Frozen<NearbyDays>> {
  const { db, network, now } = context;
  const zone = network.zoneOf(route.from);
  const today = toLocal(now, zone).date;
  const lastDay = bookingWindow(today, context.horizonDays).last;
  const first = [addDays(date, -NEARBY_DAYS), today].sort().at(-1) ?? today;
  const last = [addDays(date, NEARBY_DAYS), lastDay].sort()[0] ?? lastDay;
  const bookableFrom = new Date(now.getTime() + BOOKING_CUTOFF_MINUTES * 60_000);
  const rows = await dayFares(db, {
    route: route.id,
    zone,
    start: localDayBounds(first, zone).start,
    end: localDayBounds(last, zone).end,
    bookableFrom,
  });
  let next: Date | undefined;
  if (!rows.some((row) => row.day === date) && date >= today && date <= lastDay) {
    const dayEnd = localDayBounds(date, zone).end;
    next = await nextDeparture(db, {
      route: route.id,
      from: dayEnd > bookableFrom ? dayEnd : bookableFrom,
      until: localDayBounds(lastDay, zone).end,
    });
  }
  // The strip's days follow from the date, today and the horizon: all in the key.
  const key = `${route.id} ${date} ${today} ${String(context.horizonDays)}`;
  return stripShapes([rates, network], key, { rows, next }, now.getTime(), () => ({
    shape: stripOf(rows, rates.charges(route.from), { first, last, next, zone }),
    changesAt: Number.POSITIVE_INFINITY,
  }));
}

const stripShapes = shapedOnce<NearbyDays>();

/** The days from `first` to `last` with their lowest adult price, and the next sailing's date when there is one. */
function stripOf(
  rows: DayFare[],
  charges: TerminalTariff,
  span: { first: string; last: string; next: Date | undefined; zone: TerminalTimeZone },
): NearbyDays {
  const lowest = new Map(rows.map((row) => [row.day, row.lowestAdult]));
  const days: NearbyDay[] = [];
  for (let day = span.first; day <= span.last; day = addDays(day, 1)) {
    const fare = lowest.get(day);
    days.push(
      fare === undefined
        ? { date: day }
        : {
            date: day,
            lowestAdultPrice: priceLeg(
              { ticket: { adult: fare, child: 0, infant: 0 }, ...charges },
              { adult: 1, child: 0, infant: 0 },
            ).subtotal.total,
          },
    );
  }
  return span.next ? { days, nextSailing: toLocal(span.next, span.zone).date } : { days };
}

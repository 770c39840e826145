import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { availability, BOOKING_CUTOFF_MINUTES, type Availability } from '../../domain/availability.ts';
import { portTime, toLocal } from '../../domain/port-time.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Database } from '../db/client.ts';
import { seatsTakenSql } from '../db/queries/inventory.ts';
import { sailings } from '../db/schema/network.ts';
import type { Network } from '../network.ts';

export interface DepartureToday {
  id: string;
  time: string;
  zone: string;
  operator: string;
  availability: Availability;
}

export interface RouteToday {
  from: { code: string; name: string };
  to: { code: string; name: string };
  /** The departure terminal's local date and the zone its times are in. */
  date: string;
  zone: string;
  sailings: DepartureToday[];
}

interface Context {
  db: Database;
  network: Network;
  now: Date;
  locale: Locale;
}

/**
 * The sailings still bookable today, per route in the network's order: each departure terminal's own today, from
 * the booking cutoff on. Routes with nothing left today are left out.
 */
export async function todaysDepartures({ db, network, now, locale }: Context): Promise<RouteToday[]> {
  const earliest = new Date(now.getTime() + BOOKING_CUTOFF_MINUTES * 60_000);
  // No terminal's today ends more than 24 hours from now; each row is then checked against its own local date.
  const latest = new Date(now.getTime() + 24 * 3_600_000);
  const rows = await db
    .select({
      id: sailings.id,
      routeId: sailings.routeId,
      operatorCode: sailings.operatorCode,
      departsAt: sailings.departsAt,
      capacity: sailings.capacity,
      taken: seatsTakenSql(now),
    })
    .from(sailings)
    .where(
      and(
        eq(sailings.status, 'scheduled'),
        gte(sailings.departsAt, earliest),
        lt(sailings.departsAt, latest),
      ),
    )
    .orderBy(asc(sailings.departsAt), asc(sailings.operatorCode));

  return network.data.routes.flatMap((route) => {
    const { from, to } = network.ends(route);
    const today = toLocal(now, from.timeZone).date;
    const departures = rows
      .filter((row) => row.routeId === route.id)
      .map((row) => ({ row, local: portTime(row.departsAt, from.timeZone) }))
      .filter(({ local }) => local.date === today)
      .map(({ row, local }) => ({
        id: row.id,
        time: local.time,
        zone: local.zone,
        operator: network.operatorName(row.operatorCode),
        availability: availability(row.capacity, row.taken),
      }));
    if (departures.length === 0) return [];
    return [
      {
        from: { code: from.id, name: from.name[locale] },
        to: { code: to.id, name: to.name[locale] },
        date: today,
        zone: departures[0]?.zone ?? '',
        sailings: departures,
      },
    ];
  });
}

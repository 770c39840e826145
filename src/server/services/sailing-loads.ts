import * as z from 'zod/mini';
import { and, asc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sailings } from '../db/schema/network.ts';

/** A sailing with its seats at a moment: what the console's sailings list and dashboard read. */
export interface SailingLoad {
  id: string;
  routeId: string;
  operatorCode: string;
  departsAt: Date;
  arrivesAt: Date;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  /** The departure first published, when the operator delayed it. */
  scheduledDepartsAt: Date | null;
  /** Seats of paid bookings (their windows count until infinity). */
  sold: number;
  /** Seats of holds and VAs still awaiting payment at `now`. */
  held: number;
}

// The seat ledger (seat_windows, kept by triggers): paid seats count until infinity, a hold until it lapses.
const soldSql = sql<number>`coalesce((
  select sum(w.seats) from seat_windows w
  where w.sailing_id = ${sailings}."id" and w.counts_until = 'infinity'::timestamptz
), 0)::int`;
const heldSql = (now: Date): SQL<number> => sql<number>`coalesce((
  select sum(w.seats) from seat_windows w
  where w.sailing_id = ${sailings}."id" and w.counts_until > ${now.toISOString()}::timestamptz
    and w.counts_until <> 'infinity'::timestamptz
), 0)::int`;

const columns = (now: Date) => ({
  id: sailings.id,
  routeId: sailings.routeId,
  operatorCode: sailings.operatorCode,
  departsAt: sailings.departsAt,
  arrivesAt: sailings.arrivesAt,
  capacity: sailings.capacity,
  status: sailings.status,
  scheduledDepartsAt: sailings.scheduledDepartsAt,
  sold: soldSql,
  held: heldSql(now),
});

/** The sailings departing in [from, to), optionally on one route, by departure, with their seats at `now`. */
export function sailingLoads(
  db: Database,
  range: { from: Date; to: Date; routeId?: string | undefined },
  now: Date,
): Promise<SailingLoad[]> {
  return db
    .select(columns(now))
    .from(sailings)
    .where(
      and(
        gte(sailings.departsAt, range.from),
        lt(sailings.departsAt, range.to),
        range.routeId ? eq(sailings.routeId, range.routeId) : undefined,
      ),
    )
    .orderBy(asc(sailings.departsAt), asc(sailings.routeId), asc(sailings.operatorCode));
}

/** One sailing with its seats at `now`; undefined for an unknown id (checked as a UUID first, so never a 500). */
export async function sailingLoad(db: Database, id: string, now: Date): Promise<SailingLoad | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db.select(columns(now)).from(sailings).where(eq(sailings.id, id));
  return row;
}

import { and, asc, eq, gte, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { fares, sailings } from '../schema/network.ts';
import { fareOfSailing, preparedPerDatabase, rowsAsSent } from './prepared.ts';
import { instantText } from '../../../domain/instant-text.ts';

/**
 * The lowest adult fare of each local day of a route in [start, end), counting only sailings that still take
 * bookings (departing at or after `bookableFrom`): the search page's strip of neighbouring dates, for a week in one
 * grouped statement. Seats are not counted here (a day's own results say what is full), which keeps the strip
 * as cheap as one index range. Prepared once per database, like the day's search.
 */
function prepare(db: Database) {
  const day = sql<string>`to_char(${sailings.departsAt} at time zone ${sql.placeholder('zone')}, 'YYYY-MM-DD')`;
  return db
    .select({ day: day.as('day'), lowest_adult: min(fares.adult).as('lowest_adult') })
    .from(sailings)
    .innerJoin(fares, fareOfSailing)
    .where(
      and(
        eq(sailings.routeId, sql.placeholder('route')),
        eq(sailings.status, 'scheduled'),
        gte(sailings.departsAt, sql.placeholder('start')),
        gte(sailings.departsAt, sql.placeholder('bookableFrom')),
        lt(sailings.departsAt, sql.placeholder('end')),
      ),
    )
    .groupBy(sql`1`)
    .orderBy(asc(sql`1`))
    .prepare('day_fares');
}

/** The first bookable departure of a route at or after `from` and before `until`, or none. */
function prepareNext(db: Database) {
  return (
    db
      .select({ departsAt: min(sailings.departsAt) })
      .from(sailings)
      // Only sailings a search lists: those with a fare.
      .innerJoin(fares, fareOfSailing)
      .where(
        and(
          eq(sailings.routeId, sql.placeholder('route')),
          eq(sailings.status, 'scheduled'),
          gte(sailings.departsAt, sql.placeholder('from')),
          lt(sailings.departsAt, sql.placeholder('until')),
        ),
      )
      .prepare('next_sailing')
  );
}

const preparedDays = preparedPerDatabase(prepare);
const preparedNext = preparedPerDatabase(prepareNext);

/** A local day's lowest adult fare. */
export interface DayFare {
  day: string;
  lowestAdult: number;
}

export async function dayFares(
  db: Database,
  params: { route: string; zone: string; start: Date; end: Date; bookableFrom: Date },
): Promise<DayFare[]> {
  // Without Drizzle's row mapping (prepared.ts): two plain columns, read here.
  const rows = await rowsAsSent<{ day: string; lowest_adult: number | null }>(preparedDays(db), {
    route: params.route,
    zone: params.zone,
    start: instantText(params.start),
    end: instantText(params.end),
    bookableFrom: instantText(params.bookableFrom),
  });
  return rows.flatMap((row) =>
    row.lowest_adult === null ? [] : [{ day: row.day, lowestAdult: row.lowest_adult }],
  );
}

export async function nextDeparture(
  db: Database,
  params: { route: string; from: Date; until: Date },
): Promise<Date | undefined> {
  const [row] = await preparedNext(db).execute({
    route: params.route,
    from: instantText(params.from),
    until: instantText(params.until),
  });
  const at = row?.departsAt;
  return at ? new Date(at) : undefined;
}

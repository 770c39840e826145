import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { fares, sailings } from '../schema/network.ts';
import { seatsTakenSql } from './inventory.ts';
import { fareOfSailing, preparedPerDatabase, rowsAsSent } from './prepared.ts';
import { instantText } from '../../../domain/instant-text.ts';

/**
 * The scheduled sailings of a route in [start, end), with seats taken at `now` and the operator's fares. The hot
 * query of every search: prepared once per database so PostgreSQL plans it once per connection (planning cost
 * four times the execution on this small query; bench:search).
 */
function prepare(db: Database) {
  // Named as the columns the driver names them (sailings' and fares' own, `taken` by its alias): `SailingRowAsSent`.
  const columns = {
    id: sailings.id,
    operator_code: sailings.operatorCode,
    departs_at: sailings.departsAt,
    arrives_at: sailings.arrivesAt,
    capacity: sailings.capacity,
    taken: seatsTakenSql(sql.placeholder('now')).as('taken'),
    adult: fares.adult,
    child: fares.child,
    infant: fares.infant,
  } satisfies Record<keyof SailingRowAsSent, unknown>;
  return db
    .select(columns)
    .from(sailings)
    .innerJoin(fares, fareOfSailing)
    .where(
      and(
        eq(sailings.routeId, sql.placeholder('route')),
        eq(sailings.status, 'scheduled'),
        gte(sailings.departsAt, sql.placeholder('start')),
        lt(sailings.departsAt, sql.placeholder('end')),
      ),
    )
    .orderBy(asc(sailings.departsAt), asc(sailings.operatorCode))
    .prepare('sailings_on_day');
}

const prepared = preparedPerDatabase(prepare);

/**
 * A sailing of the day as the driver hands it over: named as its columns, its times in PostgreSQL's text. A search
 * compares these with the rows its last answer was shaped from (services/shaped-once.ts) and reads them into
 * `SailingOfDay` only when they differ: comparing text is cheaper than making two dates of each row first.
 */
export interface SailingRowAsSent {
  id: string;
  operator_code: string;
  departs_at: string;
  arrives_at: string;
  capacity: number;
  taken: number;
  adult: number;
  child: number;
  infant: number;
}

/** A sailing of the day, read. */
export type SailingOfDay = Omit<SailingRowAsSent, 'operator_code' | 'departs_at' | 'arrives_at'> & {
  operatorCode: string;
  departsAt: Date;
  arrivesAt: Date;
};

/** Which sailings: a route's departures in [start, end), seats counted as they are at `now`. */
export interface DayOfSailings {
  route: string;
  start: Date;
  end: Date;
  now: Date;
}

export function sailingOfDay(row: SailingRowAsSent): SailingOfDay {
  return {
    id: row.id,
    operatorCode: row.operator_code,
    departsAt: new Date(row.departs_at),
    arrivesAt: new Date(row.arrives_at),
    capacity: row.capacity,
    taken: row.taken,
    adult: row.adult,
    child: row.child,
    infant: row.infant,
  };
}

/** The day's sailings as sent (`SailingRowAsSent`), for a reader that may not need them read. */
export function sailingsOnDayAsSent(db: Database, params: DayOfSailings): Promise<SailingRowAsSent[]> {
  return rowsAsSent<SailingRowAsSent>(prepared(db), {
    route: params.route,
    start: instantText(params.start),
    end: instantText(params.end),
    now: instantText(params.now),
  });
}

export async function sailingsOnDay(db: Database, params: DayOfSailings): Promise<SailingOfDay[]> {
  return (await sailingsOnDayAsSent(db, params)).map(sailingOfDay);
}

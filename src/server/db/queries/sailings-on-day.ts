import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { fares, sailings } from '../schema/network.ts';
import { seatsTakenSql } from './inventory.ts';
import { fareOfSailing, preparedPerDatabase } from './prepared.ts';

/**
 * The scheduled sailings of a route in [start, end), with seats taken at `now` and the operator's fares. The hot
 * query of every search: prepared once per database so PostgreSQL plans it once per connection (planning cost
 * four times the execution on this small query; bench:search).
 */
function prepare(db: Database) {
  return db
    .select({
      id: sailings.id,
      operatorCode: sailings.operatorCode,
      departsAt: sailings.departsAt,
      arrivesAt: sailings.arrivesAt,
      capacity: sailings.capacity,
      taken: seatsTakenSql(sql.placeholder('now')),
      adult: fares.adult,
      child: fares.child,
      infant: fares.infant,
    })
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

export function sailingsOnDay(db: Database, params: { route: string; start: Date; end: Date; now: Date }) {
  return prepared(db).execute({
    route: params.route,
    start: params.start.toISOString(),
    end: params.end.toISOString(),
    now: params.now.toISOString(),
  });
}

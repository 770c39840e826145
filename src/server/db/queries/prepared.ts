import { and, eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { fares, sailings } from '../schema/network.ts';

/**
 * A statement prepared once per database (so PostgreSQL plans it once per connection): `prepare` runs on first
 * use for each database, and the same prepared query is handed back after.
 */
export function preparedPerDatabase<Query>(prepare: (db: Database) => Query): (db: Database) => Query {
  const prepared = new WeakMap<Database, Query>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) {
      query = prepare(db);
      prepared.set(db, query);
    }
    return query;
  };
}

/** A sailing's fare: its route's fare of its operator (a sailing without one is never listed nor sold). */
export const fareOfSailing = and(
  eq(fares.routeId, sailings.routeId),
  eq(fares.operatorCode, sailings.operatorCode),
);

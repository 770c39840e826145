import { and, eq } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
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

/**
 * Runs a prepared query without Drizzle's row mapping: the rows as the driver parsed them, named as the statement's
 * columns, timestamps left as PostgreSQL's text (Drizzle's type settings for both drivers). For the search's hot
 * statements, whose rows are mostly compared with the last ones (services/shaped-once.ts), not read. Both drivers'
 * prepared queries have `all()`; the abstract one a `Database` hands back does not declare it, hence the one cast.
 * The search's tests run it on PGlite and PostgreSQL.
 */
export function rowsAsSent<Row>(
  query: PgPreparedQuery<PreparedQueryConfig>,
  params: Record<string, unknown>,
): Promise<Row[]> {
  return (query as unknown as { all: (params: Record<string, unknown>) => Promise<Row[]> }).all(params);
}

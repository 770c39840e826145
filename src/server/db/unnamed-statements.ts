import type pg from 'pg';

/**
 * Which kind of connection pooler stands between the app and PostgreSQL (DATABASE_POOLER, docs/deploy.md): `none`
 * (PostgreSQL itself, or a pooler in session mode) or `transaction` (PgBouncer in transaction mode, which hands each
 * transaction whichever server connection is free).
 */
export type DatabasePooler = 'none' | 'transaction';

/**
 * Makes a connection send every statement unnamed, for a pooler in transaction mode that does not track prepared
 * statements (PgBouncer before 1.21, or later ones without `max_prepared_statements`). The hot queries are prepared
 * by name (`.prepare('sailings_on_day')`) so that PostgreSQL plans them once per connection; node-postgres, once it
 * has parsed a name on its connection, sends only Bind for it afterwards. Behind such a pooler the next transaction
 * may land on a server connection where that name was never parsed (26000 "prepared statement ... does not exist")
 * or was already parsed by another client (42P05 "... already exists"). Unnamed, each statement is parsed and planned
 * where it runs: every query works, at the price of planning each time (measured in docs/capacity.md). Done here,
 * under Drizzle, so the queries keep one shape whatever stands in front of PostgreSQL.
 */
export function sendStatementsUnnamed(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]) => query(withoutName(config), ...rest);
  client.query = unnamed as typeof client.query;
}

/** A query's settings without its name; a query object of its own (a cursor, `submit`) is left as it is. */
function withoutName(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || 'submit' in config || !('name' in config))
    return config;
  return { ...config, name: undefined };
}

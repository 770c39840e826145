import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as accounts from './schema/accounts.ts';
import * as audit from './schema/audit.ts';
import * as bookings from './schema/bookings.ts';
import * as network from './schema/network.ts';
import * as payments from './schema/payments.ts';
import * as rateLimits from './schema/rate-limits.ts';
import * as sandbox from './schema/sandbox.ts';
import * as staff from './schema/staff.ts';
import { log } from '../observability/log.ts';
import { giveBackFailedCheckouts } from './pool-checkouts.ts';
import { sendStatementsUnnamed, type DatabasePooler } from './unnamed-statements.ts';

export const schema = {
  ...network,
  ...bookings,
  ...payments,
  ...rateLimits,
  ...sandbox,
  ...accounts,
  ...audit,
  ...staff,
};
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the migrations of a folder with the driver's own migrator. */
  migrate: (migrationsFolder: string) => Promise<void>;
  close: () => Promise<void>;
  /** PostgreSQL's pool at this moment (the metrics' gauge); PGlite has one connection and none. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite database. */
  url?: string | undefined;
  /** PGlite folder, or `memory://`. */
  pgliteDir?: string;
  /** PGlite's starting data: a `dumpDataDir()` of another database (the tests' migrated template). */
  pgliteDump?: Blob;
  poolMax?: number;
  /** What stands between the app and PostgreSQL: `transaction` sends every statement unnamed (unnamed-statements.ts). */
  pooler?: DatabasePooler;
}

/** Opens PostgreSQL when a URL is given, else PGlite (one connection: transactions serialise). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    // A database that stops answering must not hang requests; each case fails the query, and the request is
    // answered 503 with Retry-After (db/unavailable.ts): no connection opened (or free in the pool) within 5 s; no
    // answer to a query within 30 s (a server gone quiet on an open connection: a partition, a frozen fail-over);
    // and TCP keep-alive from 10 s, so an idle connection to a vanished server is found out rather than reused.
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolMax ?? 10,
      connectionTimeoutMillis: 5000,
      query_timeout: 30_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Drizzle would keep a connection whose BEGIN failed out of the pool for good (pool-checkouts.ts).
    giveBackFailedCheckouts(pool);
    // A client that loses its server (a restart, a fail-over) must not crash the process: the pool hears it for an
    // idle client, but a client in use (inside a transaction, between two statements) emits it on itself, and an
    // 'error' event nobody listens to ends the process. Its query fails instead, answered 503 (db/unavailable.ts).
    pool.on('error', (error) => {
      log.warn({ err: error }, 'PostgreSQL pool error');
    });
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        log.warn({ err: error }, 'PostgreSQL connection lost');
      });
      // Before the pool hands the new connection to its first query ('connect' is emitted synchronously first).
      if (options.pooler === 'transaction') sendStatementsUnnamed(client);
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const client = await PGlite.create(options.pgliteDir ?? 'memory://', {
    ...(options.pgliteDump ? { loadDataDir: options.pgliteDump } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

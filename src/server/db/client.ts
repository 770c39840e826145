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
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; otherwise the embedded PGlite database. */
  url?: string | undefined;
  /** PGlite folder, or `memory://`. */
  pgliteDir?: string;
  /** PGlite's starting data: a `dumpDataDir()` of another database (the tests' migrated template). */
  pgliteDump?: Blob;
  poolMax?: number;
}

/** Opens PostgreSQL when a URL is given, else PGlite (one connection: transactions serialise). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 10 });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool error', error);
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    return {
      db,
      kind: 'postgres',
      migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
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

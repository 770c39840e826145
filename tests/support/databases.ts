import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';

export interface CreatedDatabase {
  handle: DatabaseHandle;
  url?: string;
  drop: () => Promise<void>;
}

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A new, migrated, empty database of this kind, and how to get rid of it. */
  create: (poolMax?: number) => Promise<CreatedDatabase>;
}

/** The sample network, with its dated sailings for `days` from `from`, written to a database `create` just made. */
export async function seeded(created: CreatedDatabase, from: Date, days: number): Promise<CreatedDatabase> {
  const network = loadNetworkData();
  await upsertNetwork(created.handle.db, network);
  await extendSailings(created.handle.db, network, from, days);
  return created;
}

/**
 * A fresh, migrated database on the PostgreSQL server of the run (its own name, so files can run in parallel): a
 * copy of the run's migrated template (global-setup.ts).
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `segara_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Closes a pool, then drops its database once the server has seen every connection go: dropping (with force) while
 * a closed pool's connections are still going would end them with an error.
 */
export async function closeAndDrop(
  handle: DatabaseHandle,
  database: { url: string; drop: () => Promise<void> },
): Promise<void> {
  await handle.close();
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
  await admin.connect();
  const name = new URL(database.url).pathname.slice(1);
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await admin.end();
  await database.drop();
}

/** The run's migrated PGlite template, read once per worker. */
let pgliteDump: Blob | undefined;

/** The embedded database (one connection): fast, and what `npm start` runs on. A copy of the migrated template. */
export const pglite: TestDatabase = {
  name: 'pglite',
  create: async () => {
    pgliteDump ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ pgliteDir: 'memory://', pgliteDump });
    return { handle, drop: () => handle.close() };
  },
};

/**
 * TEST_POOLER_URL, e.g. PgBouncer in transaction mode in front of TEST_DATABASE_URL's server: the files then reach
 * their databases through it, sending statements as DATABASE_POOLER says (docs/deploy.md, PgBouncer). Making,
 * copying and dropping the databases still go direct: a pooler keeps server connections to the template open, and
 * PostgreSQL copies no database that has any.
 */
function throughPooler(url: string): { url: string; pooler: 'none' | 'transaction' } {
  const pooler = process.env.TEST_POOLER_URL;
  if (!pooler) return { url, pooler: 'none' };
  const via = new URL(url);
  via.host = new URL(pooler).host;
  return { url: via.href, pooler: process.env.DATABASE_POOLER === 'transaction' ? 'transaction' : 'none' };
}

/** A database of its own on the run's PostgreSQL server (TEST_DATABASE_URL, else an embedded one), migrated. */
export const postgres: TestDatabase = {
  name: 'postgres',
  create: async (poolMax = 4) => {
    const database = await createPostgresDatabase();
    const handle = await openDatabase({ ...throughPooler(database.url), poolMax });
    return {
      handle,
      url: database.url,
      drop: () => closeAndDrop(handle, database),
    };
  },
};

export const testDatabases: TestDatabase[] = [pglite, postgres];

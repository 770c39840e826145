import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A new, migrated, empty database of this kind, and how to get rid of it. */
  create: () => Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }>;
}

/** A fresh database on the PostgreSQL server of the run (its own name, so files can run in parallel). */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `segara_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export const testDatabases: TestDatabase[] = [
  {
    name: 'pglite',
    create: async () => {
      const handle = await openDatabase({ pgliteDir: 'memory://' });
      await migrateDatabase(handle);
      return { handle, drop: () => handle.close() };
    },
  },
  {
    name: 'postgres',
    create: async () => {
      const database = await createPostgresDatabase();
      const handle = await openDatabase({ url: database.url, poolMax: 4 });
      await migrateDatabase(handle);
      return {
        handle,
        url: database.url,
        drop: async () => {
          await handle.close();
          await database.drop();
        },
      };
    },
  },
];

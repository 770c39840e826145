import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { lockSailingRows } from '../../src/server/db/queries/inventory.ts';
import { sailingsOnDay } from '../../src/server/db/queries/sailings-on-day.ts';
import type { DatabasePooler } from '../../src/server/db/unnamed-statements.ts';
import { closeAndDrop, createPostgresDatabase } from '../support/databases.ts';

/**
 * DATABASE_POOLER=transaction (PgBouncer in transaction mode, docs/deploy.md): no statement may stay prepared by name
 * on a server connection, since the next transaction may run on another one. One connection in the pool, so what
 * it keeps prepared is what the next query sees.
 */
describe('statements behind a transaction-mode pooler', () => {
  let handle: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  async function open(pooler: DatabasePooler) {
    const database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 1, pooler });
    const opened = handle;
    drop = () => closeAndDrop(opened, database);
    return opened.db;
  }

  /** The hot search, and a sailing locked in a transaction; then the names prepared on the one connection. */
  async function preparedAfterQueries(pooler: DatabasePooler) {
    const db = await open(pooler);
    const day = {
      route: 'btc-hfc',
      start: new Date('2026-11-26T00:00:00Z'),
      end: new Date('2026-11-27T00:00:00Z'),
    };
    expect(await sailingsOnDay(db, { ...day, now: new Date('2026-11-21T10:00:00Z') })).toEqual([]);
    await db.transaction((tx) => lockSailingRows(tx, ['00000000-0000-4000-8000-000000000000']));
    const { rows } = (await db.execute(sql`select name from pg_prepared_statements order by name`)) as {
      rows: { name: string }[];
    };
    return rows.map((row) => row.name);
  }

  it('prepares the hot queries by name on PostgreSQL itself (planned once per connection)', async () => {
    expect(await preparedAfterQueries('none')).toEqual(['lock_sailings_update_1', 'sailings_on_day']);
  });

  it('sends them unnamed behind a transaction-mode pooler, leaving nothing prepared on the connection', async () => {
    expect(await preparedAfterQueries('transaction')).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { databaseUnavailable } from '../../src/server/db/unavailable.ts';
import { postgres, type CreatedDatabase } from '../support/databases.ts';

/**
 * PostgreSQL ending a connection that a transaction holds between two statements (a restart, a fail-over, an
 * administrator): found by `npm run drill:restarts`, where it ended the whole process with an 'error' event nobody
 * heard. Now the transaction fails, as one the database refused, and the process lives on.
 */
describe('a connection lost inside a transaction', () => {
  let created: CreatedDatabase;
  beforeAll(async () => {
    created = await postgres.create(2);
  });
  afterAll(() => created.drop());

  it('fails that transaction as the database away (a 503), and the next one runs on a new connection', async () => {
    const { db } = created.handle;
    const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') });
    await admin.connect();
    try {
      const transaction = db.transaction(async (tx) => {
        const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as {
          rows: { pid: number }[];
        };
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // The server's goodbye arrives while the transaction does something else (a gateway call, say).
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      const error = await transaction.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(databaseUnavailable(error)).toBe(true);
      const { rows } = (await db.execute(sql`select 2 as two`)) as { rows: { two: number }[] };
      expect(rows[0]?.two).toBe(2);
    } finally {
      await admin.end();
    }
  });
});

/**
 * The connection dropping between the pool handing it out and the transaction's BEGIN: a pooler's wait timeout, or a
 * server gone while the connection sat idle. Drizzle sends BEGIN outside the block that gives the connection back
 * (db/pool-checkouts.ts): found by `npm run drill:restarts` behind PgBouncer, where every connection was kept out this
 * way within seconds of the outage and the processes answered 503 long after PostgreSQL was back.
 */
describe('a connection lost before its transaction began', () => {
  let created: CreatedDatabase;
  beforeAll(async () => {
    created = await postgres.create(1);
  });
  afterAll(() => created.drop());

  it('fails that transaction as the database away, and gives the pool its one connection back', async () => {
    const { db } = created.handle;
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    await db.execute(sql`select 1`);
    pool.once('acquire', (client: pg.PoolClient) => {
      (client as unknown as { connection: { stream: { destroy: () => void } } }).connection.stream.destroy();
    });
    const error = await db
      .transaction((tx) => tx.execute(sql`select 1`))
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(databaseUnavailable(error)).toBe(true);
    // With the connection kept out, this waits for a free one for 5 s and fails.
    const { rows } = (await db.execute(sql`select 2 as two`)) as { rows: { two: number }[] };
    expect(rows[0]?.two).toBe(2);
    expect(pool.totalCount).toBe(1);
  });
});

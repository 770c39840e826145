import type pg from 'pg';
import { databaseUnavailable } from './unavailable.ts';

/**
 * Gives the pool back every connection a transaction took out, whatever became of its statements. Drizzle's
 * node-postgres transaction (0.45) takes a connection, sends BEGIN before the try/finally that releases it, and
 * releases it without an error: a BEGIN that fails (the connection dropped; a pooler's wait timeout; the query
 * timeout) keeps the connection out of the pool for good, and one whose statement timed out goes back still waiting
 * for that statement (drizzle-orm issues 6023, 6114, 6241). With PostgreSQL itself that is rare; behind PgBouncer a
 * database outage does it to every connection within seconds, and the process then answers 503 until restarted
 * (docs/deploy.md, PgBouncer). So, per connection the pool hands out: when its first statement (Drizzle's BEGIN)
 * fails because the database is away, it is released at once, as broken; when a later one does, releasing it
 * closes it rather than keeping it. Releasing twice is ignored, so a Drizzle that mends this still works.
 */
export function giveBackFailedCheckouts(pool: pg.Pool): void {
  const fresh = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    fresh.add(client);
  });
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    let release: ((error?: Error | boolean) => void) | undefined;
    let away: Error | undefined;
    const watched = (...args: unknown[]) => {
      if (fresh.delete(client)) {
        // A new checkout: pg-pool has just given it its own release, wrapped here once per checkout.
        away = undefined;
        const poolRelease = client.release.bind(client);
        let released = false;
        release = (error) => {
          if (released) return;
          released = true;
          poolRelease(error ?? away);
        };
        client.release = release;
        return settle(query(...args), true);
      }
      return settle(query(...args), false);
    };
    const settle = (result: unknown, first: boolean) => {
      if (!(result instanceof Promise)) return result; // pool.query's own callback: it releases with the error
      result.catch((error: unknown) => {
        if (!databaseUnavailable(error)) return;
        away = error instanceof Error ? error : new Error('database away');
        if (first) release?.(away);
      });
      return result;
    };
    client.query = watched as typeof client.query;
  });
}

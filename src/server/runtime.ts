import { loadConfig } from './config.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.ts';
import type { AppDeps } from './http/app.ts';
import { startJobs } from './jobs/scheduler.ts';
import { Network } from './network.ts';

/**
 * The running server's dependencies, created once inside the Astro server bundle (never imported from outside it:
 * two PGlite clients on one folder would corrupt it). The database opens on first use; `npm start` has migrated
 * and seeded it before the server starts. Opening it also starts this process's background jobs.
 */
let handle: Promise<DatabaseHandle> | undefined;
let deps: AppDeps | undefined;

export function runtimeDeps(): AppDeps {
  if (deps) return deps;
  const config = loadConfig();
  const database = async (): Promise<Database> => {
    if (!handle) {
      handle = openDatabase({
        url: config.DATABASE_URL,
        pgliteDir: config.PGLITE_DIR,
        poolMax: config.DB_POOL_MAX,
      });
      // Jobs start with the database, never at build time (which imports this module but opens nothing).
      startJobs(database, () => new Date());
    }
    return (await handle).db;
  };
  deps = {
    database,
    network: new Network(),
    clock: () => new Date(),
    horizonDays: config.SAILING_HORIZON_DAYS,
    lockSeats: !(config.NODE_ENV === 'test' && config.TEST_SKIP_SEAT_LOCK === '1'),
  };
  return deps;
}

// The backup drill's PGlite part: the embedded database's folder, with bookings in it, backed up with the server
// stopped, restored to another folder by `npm run ops`, opened again and counted table by table.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { bookingLegs, bookings } from '../src/server/db/schema/bookings.ts';
import { payments, refunds, tickets } from '../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../src/server/db/seed.ts';
import { loadNetworkData } from '../src/server/network-data.ts';
import type { Count } from './drill-backup-checks.ts';
import { startTraffic, waitForWrites } from './drill-backup-writes.ts';

/** `npm run ops -- <args>` as an operator runs it, with this environment; resolves to its exit code. */
export function ops(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/ops.ts', ...args], { env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => {
      resolve(code ?? 1);
    });
  });
}

const tables = { bookings, booking_legs: bookingLegs, tickets, payments, refunds };

async function countRows(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) counts[name] = await db.$count(table);
  return counts;
}

/** Runs the round trip in `folder` (made here); `env` is the commands' environment, without DATABASE_URL. */
export async function pgliteRoundTrip(folder: string, env: NodeJS.ProcessEnv): Promise<Count[]> {
  const dir = join(folder, 'data');
  const copy = join(folder, 'restored');
  const file = join(folder, 'pglite.tar.gz');
  mkdirSync(dir, { recursive: true });
  const handle = await openDatabase({ pgliteDir: dir });
  await migrateDatabase(handle);
  const network = loadNetworkData();
  await upsertNetwork(handle.db, network);
  await extendSailings(handle.db, network, new Date(), 14);
  const traffic = startTraffic(handle.db, 1);
  await waitForWrites(traffic, 'cancelled', 2);
  await traffic.stop();
  if (traffic.failures.length > 0) throw new Error(`PGlite writes failed:\n${traffic.failures.join('\n')}`);
  const original = await countRows(handle.db);
  await handle.close();

  const withFolder = { ...env, PGLITE_DIR: dir };
  const rows: Count[] = [
    {
      label: 'PGlite: backup of the folder',
      found: await ops(['backup', '--out', file], withFolder),
      expected: 0,
    },
    {
      label: 'PGlite: restore over the folder without --force: refused',
      found: await ops(['restore', file], withFolder),
      expected: 1,
    },
    {
      label: 'PGlite: restore into a new folder',
      found: await ops(['restore', file, '--into', copy], withFolder),
      expected: 0,
    },
  ];
  const reopened = await openDatabase({ pgliteDir: copy });
  const restored = await countRows(reopened.db);
  await reopened.close();
  for (const name of Object.keys(tables))
    rows.push({
      label: `PGlite: ${name} rows in the restored folder`,
      found: restored[name] ?? -1,
      expected: original[name] ?? 0,
    });
  return rows;
}

// `npm run drill:backup` (on demand, not part of `npm test`): proves that a backup taken while the site sells tickets
// restores to a consistent database holding every write acknowledged before it started.
//   1. A PostgreSQL cluster of its own (Debian's pg_createcluster, on a free port: never the machine's shared server),
//      migrated and given the network and its sailings like `npm run db:setup`.
//   2. Travellers hold, pay and cancel through the API while `npm run ops -- backup` runs; the writes acknowledged
//      before it was started are written down first (pg_dump's snapshot is taken after that, when it starts).
//   3. `npm run ops -- restore` into a new database; the checks (drill-backup-checks.ts) run on both; the cluster is
//      dropped. Then a PGlite round trip: a folder backed up, restored to another folder, opened and counted.
// Exits non-zero on any mismatch. DRILL_PG_VERSION picks the cluster's PostgreSQL (default: the newest Debian installed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { extendSailings, upsertNetwork } from '../src/server/db/seed.ts';
import { loadNetworkData } from '../src/server/network-data.ts';
import { bookingStates, inspect, restoredWithinLive, type Count } from './drill-backup-checks.ts';
import { ops, pgliteRoundTrip } from './drill-backup-pglite.ts';
import { startTraffic, waitForWrites } from './drill-backup-writes.ts';
import { createCluster, createDatabase, freePort } from './drill/pg-cluster.ts';

const CLUSTER = `segara_backup_drill_${String(process.pid)}`;
const TRAVELLERS = 4;

const cluster = createCluster(CLUSTER, await freePort());
// Ctrl-C leaves no cluster behind.
process.once('SIGINT', () => {
  cluster.drop();
  process.exit(130);
});

const live = await createDatabase(cluster.url, 'segara_live');
const restored = live.replace(/segara_live$/, 'segara_restored');
const work = mkdtempSync(join(tmpdir(), 'segara-backup-drill-'));
const dump = join(work, 'live.dump');
// No DATABASE_URL of the shell reaches the commands: they name the drill's databases only. A port of their own,
// so ops's "is the server up" check never meets another server on this machine.
const baseEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(await freePort()) };
delete baseEnv.DATABASE_URL;
const rows: (Count & { live?: Count | undefined })[] = [];

console.log(`drill:backup: PostgreSQL ${cluster.version} cluster ${CLUSTER} at ${cluster.url}`);
try {
  const handle = await openDatabase({ url: live, poolMax: TRAVELLERS * 2 });
  await migrateDatabase(handle);
  const network = loadNetworkData();
  await upsertNetwork(handle.db, network);
  await extendSailings(handle.db, network, new Date(), 14);

  const traffic = startTraffic(handle.db, TRAVELLERS);
  // Some history first, so the dump has rows to copy while new ones arrive.
  await waitForWrites(traffic, 'paid', 60);
  const before = traffic.log.slice();
  const backedUp = await ops(['backup', '--out', dump], { ...baseEnv, DATABASE_URL: live });
  const writesDuring = traffic.log.length - before.length;
  await new Promise((resolve) => setTimeout(resolve, 500)); // and writes after it, which it must not need
  await traffic.stop();
  await handle.close();
  if (backedUp !== 0) throw new Error('the backup failed');
  if (traffic.failures.length > 0) throw new Error(`writes failed:\n${traffic.failures.join('\n')}`);

  console.log(
    `drill:backup: ${String(before.length)} writes acknowledged before the backup started, ` +
      `${String(writesDuring)} while it ran, ${String(traffic.log.length)} in all (${String(traffic.refused)} sold out)`,
  );
  const refusedOverLive = await ops(['restore', dump, '--into', live], baseEnv);
  rows.push({
    label: 'restore over the live database without --force: refused',
    found: refusedOverLive,
    expected: 1,
  });
  if ((await ops(['restore', dump, '--into', restored], baseEnv)) !== 0)
    throw new Error('the restore failed');

  const [liveCounts, restoredCounts] = [await inspect(live, before), await inspect(restored, before)];
  for (const [i, count] of restoredCounts.entries()) rows.push({ ...count, live: liveCounts[i] });
  const [restoredStates, liveStates] = [await bookingStates(restored), await bookingStates(live)];
  rows.push(restoredWithinLive(restoredStates, liveStates));
  // Between the backup point and the end: at least the holds acknowledged before it, at most what live has now.
  const heldBefore = before.filter((write) => write.kind === 'held').length;
  const inRange = heldBefore <= restoredStates.size && restoredStates.size <= liveStates.size;
  rows.push({
    label: `bookings restored ${String(restoredStates.size)}: >= ${String(heldBefore)} held before, <= ${String(liveStates.size)} live`,
    found: inRange ? 1 : 0,
    expected: 1,
  });
  // A drill whose backup met no concurrent write would prove nothing about backing up a busy site.
  rows.push({
    label: `writes acknowledged while the backup ran: ${String(writesDuring)} (> 0)`,
    found: writesDuring > 0 ? 1 : 0,
    expected: 1,
  });
} finally {
  cluster.drop();
}

rows.push(...(await pgliteRoundTrip(join(work, 'pglite'), baseEnv)));
rmSync(work, { recursive: true, force: true });

const width = Math.max(...rows.map((row) => row.label.length));
const cell = (count: Count | undefined) =>
  (count ? `${String(count.found)}/${String(count.expected)}` : '').padStart(9);
console.log(`\n${'check'.padEnd(width)}  ${'live'.padStart(9)} ${'restored'.padStart(9)}  result`);
for (const row of rows) {
  const ok = row.found === row.expected && (!row.live || row.live.found === row.live.expected);
  console.log(`${row.label.padEnd(width)}  ${cell(row.live)} ${cell(row)}  ${ok ? 'ok' : 'MISMATCH'}`);
}
const failed = rows.filter(
  (row) => row.found !== row.expected || (row.live && row.live.found !== row.live.expected),
);
console.log(
  failed.length === 0
    ? '\ndrill:backup: every check passed'
    : `\ndrill:backup: ${String(failed.length)} MISMATCH(ES)`,
);
process.exitCode = failed.length === 0 ? 0 : 1;

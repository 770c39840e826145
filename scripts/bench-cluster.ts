// `npm run bench:cluster` (on demand, not in `npm test`; docs/capacity.md): HAProxy in front of 1, 2 and 3
// production processes on one PostgreSQL cluster of the bench's own, under the drills' mixed load of travellers
// (search, hold, details, Pay, the signed callback, check order, the booking's API and page, a login, one in three
// cancelling) for BENCH_SECONDS (20) each with BENCH_CLIENTS (16) at a time. Reports throughput, p50/p99 and the CPU
// each request costs (the app processes, PostgreSQL, and the whole machine); then checks 0 oversold, nothing
// acknowledged lost, every mail sent and none sent twice. Exits 1 when a check fails. This machine has 2 cores:
// more processes than cores cannot add throughput here; the CPU per request is what extrapolates.
// BENCH_PGBOUNCER=1: the processes reach PostgreSQL through PgBouncer in transaction mode (drill/pgbouncer.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppProcess, processCpuMs } from './drill/app-process.ts';
import { ensureHaproxy, startHaproxy } from './drill/haproxy.ts';
import { clusterCpu, clusterCpuSince } from './drill/pg-cluster.ts';
import { optionalPgbouncer, pgbouncerComplaints } from './drill/pgbouncer.ts';
import { prepareStage } from './drill/stage.ts';
import { emptyTally, travellerLoad, type Acknowledged, type Tally } from './drill/traveller-load.ts';
import { nothingLost } from './drill/verify-nothing-lost.ts';

const PROXY_PORT = Number(process.env.BENCH_PORT ?? 4410);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 5442);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PGBOUNCER_PORT = Number(process.env.BENCH_PGBOUNCER_PORT ?? 6442);
const IDLE_SECONDS = 62;

/** Busy CPU time (ms) of the whole machine so far, every core together (/proc/stat, all but idle and iowait). */
function machineCpuMs(): number {
  const [, ...ticks] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) * 10;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

ensureHaproxy();
const stage = await prepareStage('segara-bench', PG_PORT, `http://127.0.0.1:${String(PROXY_PORT)}`);
const { pooler, env } = await optionalPgbouncer(process.env.BENCH_PGBOUNCER, stage, PGBOUNCER_PORT).catch(
  async (error: unknown) => {
    await stage.teardown();
    throw error;
  },
);
const all: Acknowledged = {
  holds: new Set(),
  payments: new Set(),
  paid: new Set(),
  cancellations: new Set(),
};
const rows = [];
let idle: Record<string, number> | undefined;
let last: AppProcess[] = [];

/**
 * What the background jobs cost with nothing to do: `apps` left alone for IDLE_SECONDS (two sweeps each), their CPU
 * and PostgreSQL's, per process and minute. Their connections stay open meanwhile, so PostgreSQL's count holds.
 */
async function idleCost(apps: AppProcess[]) {
  const app = apps.reduce((sum, a) => sum + a.cpuMs(), 0);
  const db = clusterCpu(stage.cluster.name);
  await sleep(IDLE_SECONDS * 1000);
  const perProcessMinute = (ms: number) => Number(((ms / apps.length) * (60 / IDLE_SECONDS)).toFixed(1));
  return {
    processes: apps.length,
    appCpuMsPerProcessMinute: perProcessMinute(apps.reduce((sum, a) => sum + a.cpuMs(), 0) - app),
    dbCpuMsPerProcessMinute: perProcessMinute(clusterCpuSince(stage.cluster.name, db)),
  };
}
let tally: Tally = emptyTally();
let journeysBefore = 0;
try {
  // First, on the fresh database with nothing queued: what 3 processes cost doing nothing.
  const idlers = Array.from({ length: 3 }, (_, i) => new AppProcess(PROXY_PORT + 1 + i, env));
  await Promise.all(idlers.map((app) => app.start()));
  idle = await idleCost(idlers);
  await Promise.all(idlers.map((app) => app.terminate()));
  for (const count of [1, 2, 3]) {
    const apps = Array.from({ length: count }, (_, i) => new AppProcess(PROXY_PORT + 1 + i, env));
    await Promise.all(apps.map((app) => app.start()));
    const proxy = startHaproxy(
      stage.folder,
      PROXY_PORT,
      apps.map((app) => app.port),
    );
    await sleep(1500);
    const settings = { ...stage.loadSettings(() => tally), firstTraveller: journeysBefore };
    // Warm-up (JIT, pools, caches), not counted; then the measured run.
    let done = false;
    tally = emptyTally();
    const warm = travellerLoad(settings, CLIENTS, () => done);
    await sleep(5000);
    done = true;
    journeysBefore += (await warm).journeys;
    tally = emptyTally();
    done = false;
    const before = {
      app: apps.reduce((sum, app) => sum + app.cpuMs(), 0),
      db: clusterCpu(stage.cluster.name),
      proxy: processCpuMs(proxy.child.pid ?? 0),
      pooler: pooler?.cpuMs() ?? 0,
      machine: machineCpuMs(),
      at: performance.now(),
    };
    const load = travellerLoad({ ...settings, firstTraveller: journeysBefore }, CLIENTS, () => done);
    await sleep(SECONDS * 1000);
    done = true;
    const { acknowledged, journeys } = await load;
    journeysBefore += journeys;
    const seconds = (performance.now() - before.at) / 1000;
    const requests = tally.sent;
    const perRequest = (ms: number) => Number((ms / requests).toFixed(2));
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    rows.push({
      processes: count,
      requests,
      perSecond: Math.round(requests / seconds),
      journeys,
      p50ms: Number(percentile(sorted, 50).toFixed(1)),
      p99ms: Number(percentile(sorted, 99).toFixed(1)),
      appCpuMsPerRequest: perRequest(apps.reduce((sum, app) => sum + app.cpuMs(), 0) - before.app),
      dbCpuMsPerRequest: perRequest(clusterCpuSince(stage.cluster.name, before.db)),
      proxyCpuMsPerRequest: perRequest(processCpuMs(proxy.child.pid ?? 0) - before.proxy),
      ...(pooler ? { pgbouncerCpuMsPerRequest: perRequest(pooler.cpuMs() - before.pooler) } : {}),
      machineCpuMsPerRequest: perRequest(machineCpuMs() - before.machine),
      wrong: tally.wrong.length + tally.failed.length,
      unavailable503: tally.unavailable,
    });
    for (const kind of Object.keys(all) as (keyof Acknowledged)[])
      for (const id of acknowledged[kind]) all[kind].add(id);
    proxy.child.kill();
    // The last processes stay to send the mails still queued (e-tickets with their PDFs) while the checks wait.
    if (count < 3) await Promise.all(apps.map((app) => app.terminate()));
    else last = apps;
  }
  const findings = await nothingLost(stage.db, stage.sailings, all);
  await Promise.all(last.map((app) => app.terminate()));
  const files = readdirSync(stage.outbox).filter((name) => name.endsWith('.eml')).length;
  const { rows: sent } = await stage.db.query<{ rows: number; requeued: number }>(
    `select count(*)::int as rows, coalesce(sum(version), 0)::int as requeued from sent_mails where sent_at is not null`,
  );
  const mails = { sentRows: sent[0]?.rows ?? 0, requeued: sent[0]?.requeued ?? 0, files };
  console.table(rows);
  console.log(JSON.stringify({ idle, findings: { ...findings, unsent: undefined }, mails }, null, 2));
  if (pooler) console.log('PgBouncer said:', pgbouncerComplaints(pooler.log));
  const checks = {
    'every answer right': rows.every((row) => row.wrong === 0 && row.unavailable503 === 0),
    'nothing acknowledged lost': findings.lost.length === 0,
    '0 oversold': findings.oversold.length === 0,
    'every mail sent': findings.mailsUnsent === 0,
    // One file per mail row, plus one per time a change queued it again: more would be a mail sent twice.
    'no mail sent twice': files >= mails.sentRows && files <= mails.sentRows + mails.requeued,
  };
  const missed = Object.entries(checks).filter(([, ok]) => !ok);
  for (const [check] of missed) console.log(`MISSED: ${check}`);
  console.log(missed.length === 0 ? 'bench:cluster: every check passed' : 'bench:cluster: FAILED');
  process.exitCode = missed.length === 0 ? 0 : 1;
} finally {
  await Promise.all(last.map((app) => app.terminate()));
  await pooler?.stop();
  await stage.teardown();
}

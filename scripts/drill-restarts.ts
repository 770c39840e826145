// `npm run drill:restarts` (on demand, not in `npm test`; docs/deploy.md): the deployment's topology on one machine,
// HAProxy in front of two production processes on a PostgreSQL cluster of the drill's own, under a bounded mixed
// load of travellers (traveller-load.ts). Three phases:
//   warm-up          the load alone;
//   rolling restart  each process in turn gets SIGTERM (it drains: readiness 503, the proxy moves away, open
//                    requests finish) and is started again, twice over: 0 failed, 0 x 5xx, and the proxy saw each
//                    one leave by its readiness, never by a closed port;
//   database outage  PostgreSQL stopped for DRILL_OUTAGE_SECONDS (30) under the load: only 503 with Retry-After,
//                    no answer slower than 10 s, and the processes recover by themselves within 30 s of its return.
// Then everything acknowledged must be in the database, no sailing oversold, every mail sent. Exit 1 otherwise.
// It builds first (DRILL_SKIP_BUILD=1 runs the dist/ already there). DRILL_PGBOUNCER=1: the processes reach
// PostgreSQL through PgBouncer in transaction mode (drill/pgbouncer.ts), which stays up through the outage.
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppProcess } from './drill/app-process.ts';
import { departures, ensureHaproxy, startHaproxy, type Proxy } from './drill/haproxy.ts';
import { optionalPgbouncer, pgbouncerComplaints } from './drill/pgbouncer.ts';
import { printPhases } from './drill/report.ts';
import { prepareStage } from './drill/stage.ts';
import { emptyTally, travellerLoad, type Tally } from './drill/traveller-load.ts';
import { nothingLost } from './drill/verify-nothing-lost.ts';

const PROXY_PORT = Number(process.env.DRILL_PORT ?? 4400);
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 5441);
const CLIENTS = Number(process.env.DRILL_CLIENTS ?? 12);
const OUTAGE_SECONDS = Number(process.env.DRILL_OUTAGE_SECONDS ?? 30);
const PGBOUNCER_PORT = Number(process.env.DRILL_PGBOUNCER_PORT ?? 6441);

ensureHaproxy();
if (process.env.DRILL_SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const stage = await prepareStage('segara-drill', PG_PORT, `http://127.0.0.1:${String(PROXY_PORT)}`);
const { pooler, env: appEnv } = await optionalPgbouncer(
  process.env.DRILL_PGBOUNCER,
  stage,
  PGBOUNCER_PORT,
).catch(async (error: unknown) => {
  await stage.teardown();
  throw error;
});
// DRILL_DRAIN_SECONDS=0: the processes stop without draining, to see the drill catch it.
const env = { ...appEnv, SHUTDOWN_DRAIN_SECONDS: process.env.DRILL_DRAIN_SECONDS ?? '3' };
const apps = [new AppProcess(PROXY_PORT + 1, env), new AppProcess(PROXY_PORT + 2, env)];
let proxy: Proxy | undefined;
async function cleanUp() {
  await Promise.all(apps.map((app) => app.terminate()));
  proxy?.child.kill();
  await pooler?.stop();
  await stage.teardown();
}
// Ctrl-C leaves no process, proxy or cluster behind.
process.once('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

let tally: Tally = emptyTally();
const settings = stage.loadSettings(() => tally);
let travellers = 0;
let outageEnded: Date | undefined;

/** Runs the load while `during` does its work, then `after` ms more; the phase's tally and what was acknowledged. */
async function phase(name: string, during: () => Promise<Record<string, unknown>>, after = 3000) {
  tally = emptyTally();
  let done = false;
  const load = travellerLoad({ ...settings, firstTraveller: travellers }, CLIENTS, () => done);
  load.catch(() => undefined); // a broken drill is reported below, after `during`, and still cleans up
  const started = performance.now();
  const events = await during();
  await sleep(after);
  done = true;
  const { acknowledged, journeys } = await load;
  travellers += journeys;
  return { name, seconds: (performance.now() - started) / 1000, journeys, tally, acknowledged, events };
}

/** Each process in turn: SIGTERM, drained and gone, started again and ready; twice over. */
async function rollingRestart() {
  const restarts: string[] = [];
  const logFrom = proxy?.log.length ?? 0;
  for (let round = 0; round < 2; round++)
    for (const app of apps) {
      const drained = await app.terminate();
      const started = performance.now();
      await app.start();
      const ready = (performance.now() - started) / 1000;
      restarts.push(
        `:${String(app.port)} drained ${(drained / 1000).toFixed(1)} s, ready ${ready.toFixed(1)} s`,
      );
      await sleep(1500); // the proxy sees it ready (rise 2 x 400 ms) before the other one goes
    }
  return { restarts, ...departures(proxy?.log.slice(logFrom) ?? []) };
}

/** PostgreSQL stopped under the load, started again; how long until the site answers from it again. */
async function databaseOutage() {
  await sleep(3000);
  stage.cluster.stop();
  await sleep(OUTAGE_SECONDS * 1000);
  stage.cluster.start();
  const back = performance.now();
  outageEnded = new Date();
  const healthy = () =>
    fetch(`${settings.origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  // Bounded by time, not tries: a process that never recovers answers each health check only after its 5 s wait
  // for a connection, and 600 tries of that looked like a hung drill (50 minutes) rather than a failed one.
  while (performance.now() - back < 60_000 && !(await healthy())) await sleep(100);
  return {
    outageSeconds: OUTAGE_SECONDS,
    recoveredSeconds: Number(((performance.now() - back) / 1000).toFixed(2)),
  };
}

try {
  await Promise.all(apps.map((app) => app.start()));
  proxy = startHaproxy(
    stage.folder,
    PROXY_PORT,
    apps.map((app) => app.port),
  );
  await sleep(1000); // the proxy's first health checks
  const warmUp = await phase('warm-up', () => Promise.resolve({}), 5000);
  const rolling = await phase('rolling restart', rollingRestart);
  const outage = await phase('database outage', databaseOutage, 10_000);
  const results = [warmUp, rolling, outage];
  const acknowledged = {
    holds: new Set(results.flatMap((r) => [...r.acknowledged.holds])),
    payments: new Set(results.flatMap((r) => [...r.acknowledged.payments])),
    paid: new Set(results.flatMap((r) => [...r.acknowledged.paid])),
    cancellations: new Set(results.flatMap((r) => [...r.acknowledged.cancellations])),
  };
  const findings = await nothingLost(stage.db, stage.sailings, acknowledged, outageEnded);
  printPhases(results, acknowledged, findings);
  if (pooler) console.log('PgBouncer said:', pgbouncerComplaints(pooler.log));
  const clean = (t: Tally) => t.wrong.length === 0 && t.failed.length === 0;
  const left = rolling.events as { drained: number; cut: number };
  const checks = {
    'warm-up: every answer right': clean(warmUp.tally),
    'rolling restart: 0 failed, 0 x 5xx': clean(rolling.tally) && rolling.tally.unavailable === 0,
    'rolling restart: each process left the proxy by its readiness': left.drained === 4 && left.cut === 0,
    'outage: only 503 with Retry-After': clean(outage.tally),
    'outage: no answer slower than 10 s': outage.tally.slowestMs < 10_000,
    'outage: recovered within 30 s': (outage.events.recoveredSeconds as number) < 30,
    'nothing acknowledged lost': findings.lost.length === 0,
    '0 oversold': findings.oversold.length === 0,
    'every mail sent': findings.mailsUnsent === 0,
    'both processes still up': apps.every((app) => app.running),
  };
  const missed = Object.entries(checks).filter(([, ok]) => !ok);
  for (const [check] of missed) console.log(`MISSED: ${check}`);
  console.log(
    missed.length === 0 ? 'drill:restarts: nothing failed, nothing lost' : 'drill:restarts: FAILED',
  );
  process.exitCode = missed.length === 0 ? 0 : 1;
} finally {
  await cleanUp();
}

// `npm run drill:restarts` (on demand, not in `npm test`; docs/deploy.md): the deployment's topology on one machine,
// HAProxy in front of two production processes on a PostgreSQL cluster of the drill's own, under a bounded mixed
// load of travellers (traveller-load.ts). Three phases:
//   warm-up          the load alone;
//   rolling restart  each process in turn gets SIGTERM (it drains: readiness 503, the proxy moves away, open
//                    requests finish) and is started again, twice over: 0 failed, 0 x 5xx;
//   database outage  PostgreSQL stopped for DRILL_OUTAGE_SECONDS (30) under the load: only 503 with Retry-After,
//                    never a hang or a 500, and the processes recover by themselves once it is back.
// Then everything acknowledged must be in the database, no sailing oversold, every mail sent. Exit 1 otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { AppProcess } from './drill/app-process.ts';
import { ensureHaproxy, startHaproxy } from './drill/haproxy.ts';
import { createCluster, createDatabase } from './drill/pg-cluster.ts';
import { emptyTally, travellerLoad, type LoadSettings, type Tally } from './drill/traveller-load.ts';
import { nothingLost } from './drill/verify-nothing-lost.ts';

const PROXY_PORT = Number(process.env.DRILL_PORT ?? 4400);
const PG_PORT = Number(process.env.DRILL_PG_PORT ?? 5441);
const CLIENTS = Number(process.env.DRILL_CLIENTS ?? 12);
const OUTAGE_SECONDS = Number(process.env.DRILL_OUTAGE_SECONDS ?? 30);
const HOT_CAPACITY = 40;
const secrets = {
  sandbox: 'drill-sandbox-secret-0123456789abcdef',
  webClient: 'drill-web-client-secret-0123456789abcdef',
};

ensureHaproxy();
if (!existsSync('dist/server/entry.mjs')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const folder = mkdtempSync(join(tmpdir(), 'segara-drill-'));
const cluster = createCluster('segara_drill', PG_PORT);
const databaseUrl = await createDatabase(cluster.url, 'segara');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  SITE_URL: `http://127.0.0.1:${String(PROXY_PORT)}`,
  TRUST_PROXY: '1',
  ALLOW_SANDBOX_GATEWAY: '1',
  SANDBOX_GATEWAY_SECRET: secrets.sandbox,
  WEB_CLIENT_SECRET: secrets.webClient,
  ACCOUNT_LINK_SECRET: 'drill-account-link-secret-0123456789abcdef',
  OUTBOX_DIR: join(folder, 'outbox'),
  // Every traveller reaches the processes from the proxy's one address: limits per address would refuse the drill.
  RATE_LIMIT_HOLDS: '1000000',
  RATE_LIMIT_LOOKUPS: '1000000',
  RATE_LIMIT_LOGINS: '1000000',
};
execFileSync(process.execPath, ['scripts/db-setup.ts'], { env, stdio: 'inherit' });

const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
db.on('error', () => undefined); // the outage ends the drill's idle connections too
const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
const { rows: picked } = await db.query<{ id: string }>(
  `select id from sailings where route_id = 'btc-hfc' and status = 'scheduled'
     and (departs_at at time zone 'Asia/Jakarta')::date = $1 order by departs_at limit 4`,
  [date],
);
const sailings = picked.map((row) => row.id);
// One sailing small enough to sell out under the load: the seats must still add up.
await db.query('update sailings set capacity = $2 where id = $1', [sailings[0], HOT_CAPACITY]);
const password = 'Kapal-Feri-2026!';
const accounts = Array.from({ length: 60 }, (_, i) => ({
  email: `drill-account-${String(i)}@example.co.id`,
  password,
}));
const hash = await hashPassword(password);
for (const account of accounts)
  await db.query(
    `insert into users (email, full_name, phone, password_hash, email_verified_at, address_proven_at)
     values ($1, 'Drill Account', '+6281234567890', $2, now(), now())`,
    [account.email, hash],
  );

const apps = [new AppProcess(PROXY_PORT + 1, env), new AppProcess(PROXY_PORT + 2, env)];
await Promise.all(apps.map((app) => app.start()));
const proxy = startHaproxy(
  folder,
  PROXY_PORT,
  apps.map((app) => app.port),
);
await sleep(1000); // the proxy's first health checks
let tally: Tally = emptyTally();
const settings: LoadSettings = {
  origin: `http://127.0.0.1:${String(PROXY_PORT)}`,
  sailings,
  date,
  secrets,
  accounts,
  db,
  tally: () => tally,
};

/** Runs the load while `during` does its work, then `after` ms more; the phase's tally and what was acknowledged. */
async function phase(name: string, during: () => Promise<Record<string, unknown>>, after = 3000) {
  tally = emptyTally();
  let done = false;
  const load = travellerLoad(settings, CLIENTS, () => done);
  load.catch(() => undefined); // a broken drill is reported below, after `during`, and still cleans up
  const started = performance.now();
  const events = await during();
  await sleep(after);
  done = true;
  const { acknowledged, journeys } = await load;
  const seconds = (performance.now() - started) / 1000;
  return { name, seconds, journeys, tally, acknowledged, events };
}

const results = [];
try {
  results.push(await phase('warm-up', () => Promise.resolve({}), 5000));
  results.push(
    await phase('rolling restart', async () => {
      const restarts: string[] = [];
      for (let round = 0; round < 2; round++)
        for (const app of apps) {
          const drained = await app.terminate();
          const started = performance.now();
          await app.start();
          restarts.push(
            `:${String(app.port)} drained ${(drained / 1000).toFixed(1)} s, ready ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
          await sleep(1500); // the proxy sees it ready (rise 2 x 400 ms) before the other one goes
        }
      return { restarts };
    }),
  );
  results.push(
    await phase(
      'database outage',
      async () => {
        await sleep(3000);
        cluster.stop();
        await sleep(OUTAGE_SECONDS * 1000);
        cluster.start();
        const back = performance.now();
        // Back within a minute, or the drill goes on to say what is missing (no process may answer at all).
        const healthy = () =>
          fetch(`${settings.origin}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
        for (let tries = 0; tries < 600 && !(await healthy()); tries++) await sleep(100);
        return {
          outageSeconds: OUTAGE_SECONDS,
          recoveredSeconds: Number(((performance.now() - back) / 1000).toFixed(2)),
        };
      },
      10_000,
    ),
  );
  const acknowledged = {
    holds: new Set(results.flatMap((r) => [...r.acknowledged.holds])),
    payments: new Set(results.flatMap((r) => [...r.acknowledged.payments])),
    paid: new Set(results.flatMap((r) => [...r.acknowledged.paid])),
    cancellations: new Set(results.flatMap((r) => [...r.acknowledged.cancellations])),
  };
  const findings = await nothingLost(db, sailings, acknowledged);
  const report = results.map((r) => ({
    phase: r.name,
    seconds: Math.round(r.seconds),
    journeys: r.journeys,
    requests: r.tally.sent,
    ok: r.tally.ok,
    soldOut409: r.tally.soldOut,
    unavailable503: r.tally.unavailable,
    slowestMs: r.tally.slowestMs,
    wrong: r.tally.wrong.length,
    failed: r.tally.failed.length,
    ...r.events,
  }));
  console.log(
    JSON.stringify(
      {
        phases: report,
        acknowledged: Object.fromEntries(Object.entries(acknowledged).map(([k, v]) => [k, v.size])),
        findings,
      },
      null,
      2,
    ),
  );
  for (const r of results) {
    const kinds = new Map<string, number>();
    for (const w of r.tally.wrong)
      kinds.set(`${w.step} ${String(w.status)}`, (kinds.get(`${w.step} ${String(w.status)}`) ?? 0) + 1);
    for (const f of r.tally.failed)
      kinds.set(`${f.step} ${f.error}`, (kinds.get(`${f.step} ${f.error}`) ?? 0) + 1);
    for (const [kind, count] of kinds) console.log(`${r.name}: ${String(count)} x ${kind}`);
    for (const w of r.tally.wrong.slice(0, 3)) console.log(r.name, w);
  }
  const [warmUp, rolling, outage] = results;
  const clean = (t: Tally | undefined) => t?.wrong.length === 0 && t.failed.length === 0;
  const checks = {
    'warm-up: every answer right': clean(warmUp?.tally),
    'rolling restart: 0 failed, 0 x 5xx': clean(rolling?.tally) && rolling?.tally.unavailable === 0,
    'outage: only 503 with Retry-After, no hang': clean(outage?.tally),
    'nothing acknowledged lost': findings.lost.length === 0,
    '0 oversold': findings.oversold.length === 0,
    'every mail sent': findings.mailsUnsent === 0,
    'both processes still up': apps.every((app) => app.running),
  };
  for (const app of apps.filter((a) => !a.running))
    console.log(`process on ${String(app.port)} stopped; its last words:\n${app.log.slice(-30).join('\n')}`);
  const missed = Object.entries(checks).filter(([, ok]) => !ok);
  for (const [check] of missed) console.log(`MISSED: ${check}`);
  const passed = missed.length === 0;
  console.log(passed ? 'drill:restarts: nothing failed, nothing lost' : 'drill:restarts: FAILED');
  process.exitCode = passed ? 0 : 1;
} finally {
  await Promise.all(apps.map((app) => app.terminate()));
  proxy.kill();
  await db.end();
  cluster.drop();
  rmSync(folder, { recursive: true, force: true });
}

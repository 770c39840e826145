// `npm run bench:search` (on demand, not in CI): the production server on PostgreSQL under autocannon, searching
// many routes, dates and parties the way travellers do. Target (ARCHITECTURE.md §5): >= 2,500 req/s, p99 <= 20 ms.
//
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server at 127.0.0.1:5432 (user postgres).
// The script creates its own database there, seeds it like `npm start`, and drops it afterwards.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { addDays, toLocal } from '../../src/domain/port-time.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = 4391;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// BENCH_GZIP=1 asks for compressed answers as browsers do (the server then gzips each one).
const headers: Record<string, string> = process.env.BENCH_GZIP === '1' ? { 'accept-encoding': 'gzip' } : {};
const name = `segara_bench_${process.pid}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: 'inherit' });
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${String(code)}`));
    });
  });
}

/** Search paths over every route, the next 14 days and a few parties: no single cached answer. */
function searchPaths(): string[] {
  const network = loadNetworkData();
  const today = toLocal(new Date(), 'Asia/Jakarta').date;
  const parties = ['adults=1', 'adults=2&children=1', 'adults=2&children=2&infants=1', 'adults=4'];
  const paths: string[] = [];
  for (const route of network.routes)
    for (let day = 1; day <= 14; day++) {
      const date = addDays(today, day);
      const party = parties[(day + route.id.length) % parties.length] ?? 'adults=1';
      paths.push(`/api/schedules?trip=one_way&from=${route.from}&to=${route.to}&date=${date}&${party}`);
    }
  return paths;
}

async function waitForHealth(url: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`server did not answer ${url}`);
}

if (!existsSync('dist/server/entry.mjs')) await run('npm', ['run', 'build'], process.env);
await admin(`create database ${name}`);
const databaseUrl = new URL(adminUrl);
databaseUrl.pathname = `/${name}`;
const env = { ...process.env, DATABASE_URL: databaseUrl.href, PORT: String(PORT), HOST: '127.0.0.1' };
const server = spawn(process.execPath, ['src/server/main.ts'], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await run(process.execPath, ['scripts/db-setup.ts'], env);
  await waitForHealth(`http://127.0.0.1:${PORT}/api/health`);
  const paths = searchPaths();
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  // Warm-up: JIT, connection pool, PostgreSQL's caches.
  await autocannon({ url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: 3, requests });
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    requests,
  });
  const report = {
    searches: paths.length,
    connections: CONNECTIONS,
    gzip: process.env.BENCH_GZIP === '1',
    seconds: DURATION_SECONDS,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.log(JSON.stringify(report, null, 2));
  const pass = report.requestsPerSecond >= 2500 && report.latencyMs.p99 <= 20 && report.non2xx === 0;
  console.log(
    pass ? 'bench:search: within target' : 'bench:search: MISSED the target (>= 2,500 req/s, p99 <= 20 ms)',
  );
  process.exitCode = pass ? 0 : 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await admin(`drop database if exists ${name} with (force)`);
}

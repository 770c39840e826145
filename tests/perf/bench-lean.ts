// `npm run bench:lean` (on demand, not in CI): schedule search on the production server against a bare
// `node:http` + `pg` server that sends the same queries and the same bytes (tests/perf/lean/bare-search.ts), side
// by side in one run on one PostgreSQL database: rounds alternate between the two, and the medians are compared.
// Target (issue 40): the product answers at least 0.9x the bare server's requests per second, p99 not worse.
//
// BENCH_GZIP=1 asks for gzip as browsers do; BENCH_ROUNDS (3), BENCH_SECONDS (10), BENCH_CONNECTIONS (16);
// BENCH_PROFILE=1 writes the product's CPU profile to ./profiles (open it in Chrome's DevTools).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { withBenchServer } from './bench-support.ts';
import { searchPaths } from './lean/search-paths.ts';

const PORT = 4392;
const BARE_PORT = 4393;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const GZIP = process.env.BENCH_GZIP === '1';
const headers: Record<string, string> = GZIP ? { 'accept-encoding': 'gzip' } : {};
const profile = process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir=profiles'] : [];

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(origin: string, paths: string[], seconds: number): Promise<Round> {
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, requests });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

function summary(rounds: Round[]) {
  return {
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    rounds: rounds.map((r) => r.requestsPerSecond),
    failed: rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

await withBenchServer(
  PORT,
  {},
  async (origin, databaseUrl) => {
    const paths = searchPaths();
    const bare = spawn(process.execPath, ['tests/perf/lean/bare-search.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        ORIGIN: origin,
        BARE_PORT: String(BARE_PORT),
        SEARCH_PATHS: JSON.stringify(paths),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [ready] = (await once(bare.stdout, 'data')) as [Buffer];
      console.log(ready.toString().trim());
      if (!ready.toString().includes('ready')) throw new Error(`bare server: ${ready.toString()}`);
      const bareOrigin = `http://127.0.0.1:${String(BARE_PORT)}`;
      // Warm-up of both: JIT, pools, PostgreSQL's caches.
      await load(origin, paths, 3);
      await load(bareOrigin, paths, 3);
      const product: Round[] = [];
      const baseline: Round[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        product.push(await load(origin, paths, SECONDS));
        baseline.push(await load(bareOrigin, paths, SECONDS));
      }
      const report = {
        searches: paths.length,
        connections: CONNECTIONS,
        gzip: GZIP,
        seconds: SECONDS,
        product: summary(product),
        bare: summary(baseline),
        ratio: 0,
      };
      report.ratio =
        Math.round((report.product.requestsPerSecond / report.bare.requestsPerSecond) * 100) / 100;
      console.log(JSON.stringify(report, null, 2));
      const pass =
        report.ratio >= 0.9 && report.product.p99 <= report.bare.p99 && report.product.failed === 0;
      console.log(
        pass ? 'bench:lean: within target' : 'bench:lean: MISSED the target (>= 0.9x, p99 not worse)',
      );
      process.exitCode = pass ? 0 : 1;
    } finally {
      bare.kill();
    }
  },
  profile,
);

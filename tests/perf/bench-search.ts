// `npm run bench:search` (on demand, not in CI): the production server on PostgreSQL under autocannon,
// searching many routes, dates and parties the way travellers do. Target (docs/architecture.md, Budgets):
// >= 2,500 req/s, p99 <= 20 ms.
//
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server at 127.0.0.1:5432 (user postgres).
// The script creates its own database there, seeds it like `npm start`, and drops it afterwards.
import autocannon from 'autocannon';
import { withBenchServer } from './bench-support.ts';
import { searchPaths } from './lean/search-paths.ts';

const PORT = 4391;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
// BENCH_GZIP=1 asks for compressed answers as browsers do (the server then gzips each one).
const headers: Record<string, string> = process.env.BENCH_GZIP === '1' ? { 'accept-encoding': 'gzip' } : {};

await withBenchServer(PORT, {}, async (origin) => {
  const paths = searchPaths();
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  // Warm-up: JIT, connection pool, PostgreSQL's caches.
  await autocannon({ url: origin, connections: CONNECTIONS, duration: 3, requests });
  const result = await autocannon({
    url: origin,
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
});

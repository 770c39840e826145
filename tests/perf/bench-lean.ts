// `npm run bench:lean` (on demand, not in CI): schedule search on the production server against a bare
// `node:http` + `pg` server that sends the same statements and the same bytes (tests/perf/lean/bare-search.ts), side
// by side in one run on one PostgreSQL database: rounds alternate between them; the ratio is the median of the
// rounds' ratios.
// Target (issue 40): the product answers at least 0.9x the bare server's requests per second, p99 not worse.
// Each server's CPU time per request (user and system, µs, from /proc) is reported beside its throughput, and
// `cpuRatio` compares them as `ratio` does (the bare server's over the product's: 1 is the same work a request).
// Throughput says how fast; this says how much of the gap is the product's own work, which is what its layers
// change (docs/capacity.md, "Fourth pass"). It moves with the machine's speed as throughput does: compare rounds.
//
// BENCH_WORKLOAD=hold compares holds instead (one adult on one hot sailing, tests/perf/lean/bare-hold.ts).
// BENCH_GZIP=1 asks for gzip as browsers do; BENCH_ROUNDS (5: even so, one run cannot show a change under about
// 10 %), BENCH_SECONDS (10), BENCH_CONNECTIONS (16);
// BENCH_PROFILE=1 writes the product's and the bare server's CPU profiles to ./profiles (Chrome's DevTools opens them);
// BENCH_LAYERS=1: each server's CPU a request by layer, the kernel included, from Linux's perf in a round of its own
// after the measured ones (tests/perf/lean/cpu-layers.ts; needs linux-perf);
// BENCH_NODE_ARGS: more flags for the servers' Node, space-separated (`--trace-deopt`, `--trace-opt`);
// BENCH_BEFORE=<folder>: another checkout, built, run in the same rounds on the same database (before and after a
// change, measured on one machine at one time: this machine's speed changes by 2-3x over a day).
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { processCpuMs } from '../../scripts/drill/app-process.ts';
import { benchServerEnv, waitForHealth, withBenchServer } from './bench-support.ts';
import { searchPaths } from './lean/search-paths.ts';
import { holdRequests, hotSailing } from './lean/hold-requests.ts';
import { cpuLayers, perfNodeArgs, recordCpu } from './lean/cpu-layers.ts';

const PORT = 4392;
const BARE_PORT = 4393;
const BEFORE_PORT = 4394;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const GZIP = process.env.BENCH_GZIP === '1';
const HOLDS = process.env.BENCH_WORKLOAD === 'hold';
// Holds come from 500 addresses through a trusted proxy, each under the per-address limit, as in bench:booking.
const SERVER_ENV: Record<string, string> = HOLDS ? { TRUST_PROXY: '1', RATE_LIMIT_HOLDS: '1000' } : {};
const BEFORE = process.env.BENCH_BEFORE;
const headers: Record<string, string> = GZIP ? { 'accept-encoding': 'gzip' } : {};
const LAYERS = process.env.BENCH_LAYERS === '1';
const profilingArgs = [
  ...(process.env.BENCH_PROFILE === '1' ? ['--cpu-prof', '--cpu-prof-dir=profiles'] : []),
  ...(LAYERS ? perfNodeArgs : []),
  ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
];

interface Round {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time (user and system, µs) per request answered in the round. */
  cpuPerRequest: number;
  /** BENCH_LAYERS: that time by layer (µs a request), in the round perf recorded. */
  layers?: Record<string, number>;
}

type Requests = NonNullable<autocannon.Options['requests']>;

async function load(
  origin: string,
  pid: number,
  requests: Requests,
  seconds: number,
  recordLayers = false,
): Promise<Round> {
  const perfFile = `/tmp/bench-lean-${String(pid)}.perf`; // BENCH_LAYERS's samples, read and removed after the round
  const perf = recordLayers ? await recordCpu(pid, perfFile) : undefined;
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({ url: origin, connections: CONNECTIONS, duration: seconds, requests });
  const cpuMs = processCpuMs(pid) - cpuBefore;
  await perf?.stop();
  return {
    ...(perf ? { layers: cpuLayers(perfFile, pid, result.requests.total) } : {}),
    cpuPerRequest: Math.round((cpuMs * 1000) / Math.max(result.requests.total, 1)),
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** The middle value; of an even count, the mean of the two middle ones. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? 0;
  return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function summary(rounds: Round[]) {
  return {
    requestsPerSecond: median(rounds.map((r) => r.requestsPerSecond)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    cpuPerRequest: median(rounds.map((r) => r.cpuPerRequest)),
    rounds: rounds.map((r) => r.requestsPerSecond),
    failed: rounds.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

/**
 * The median of each round's ratio of `measure`, `over`'s to `under`'s: a round runs the servers one after the other,
 * a few seconds apart, so a change of the machine's speed (it changes 2-3x within a day) touches both sides of a
 * ratio more often than the medians.
 */
function medianRatio(over: Round[], under: Round[], measure: 'requestsPerSecond' | 'cpuPerRequest'): number {
  const ratios = over.map((round, i) => round[measure] / (under[i]?.[measure] ?? Number.NaN));
  return Math.round(median(ratios) * 100) / 100;
}

/** Requests a second of `a` over `b`'s (over 1: `a` is faster). */
const ratio = (a: Round[], b: Round[]) => medianRatio(a, b, 'requestsPerSecond');
/** The CPU a request costs `b` over what it costs `a`, so that it reads as `ratio` does (under 1: `a` spends more). */
const cpuRatio = (a: Round[], b: Round[]) => medianRatio(b, a, 'cpuPerRequest');

/** The bare server of the workload, once it has recorded the product's statements and answers. */
async function startBare(env: Record<string, string>): Promise<ChildProcess> {
  const script = HOLDS ? 'tests/perf/lean/bare-hold.ts' : 'tests/perf/lean/bare-search.ts';
  const bare = spawn(process.execPath, [...profilingArgs, script], {
    env: { ...process.env, ...env, BARE_PORT: String(BARE_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its "ready" line, past whatever Node's tracing flags (BENCH_NODE_ARGS) print first. Its output is read to the end
  // and dropped: a pipe nobody reads would stop the server at its next write, stuck past the bench's end.
  const ready = await new Promise<string>((resolve, reject) => {
    let printed: string | undefined = '';
    bare.stdout.on('data', (chunk: Buffer) => {
      if (printed === undefined) return;
      printed += chunk.toString();
      // Whole lines only: a chunk may end inside one.
      const line = printed
        .split('\n')
        .slice(0, -1)
        .find((text) => text.startsWith('ready'));
      if (line === undefined) return;
      printed = undefined;
      resolve(line);
    });
    bare.once('exit', (code) => {
      reject(new Error(`bare server exited (${String(code)}): ${printed ?? ''}`));
    });
  });
  console.log(ready);
  return bare;
}

/** The earlier build (BENCH_BEFORE) on the bench's database, answering beside the product. */
async function startBefore(folder: string, databaseUrl: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...profilingArgs, 'src/server/main.ts'], {
    cwd: folder,
    env: benchServerEnv(BEFORE_PORT, databaseUrl, SERVER_ENV),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(`http://127.0.0.1:${String(BEFORE_PORT)}/api/health`);
  return server;
}

await withBenchServer(
  PORT,
  SERVER_ENV,
  async (origin, databaseUrl, productPid) => {
    const paths = searchPaths();
    const sailing = HOLDS ? await hotSailing(databaseUrl) : '';
    const requests: Requests = HOLDS
      ? holdRequests(sailing)
      : paths.map((path) => ({ method: 'GET' as const, path, headers }));
    const bare = await startBare(
      HOLDS
        ? { DATABASE_URL: databaseUrl, HOLD_SAILING: sailing }
        : { DATABASE_URL: databaseUrl, ORIGIN: origin, SEARCH_PATHS: JSON.stringify(paths) },
    );
    const before = BEFORE ? await startBefore(BEFORE, databaseUrl) : undefined;
    try {
      const servers = {
        product: { url: origin, pid: productPid },
        bare: { url: `http://127.0.0.1:${String(BARE_PORT)}`, pid: bare.pid ?? 0 },
        ...(before
          ? { before: { url: `http://127.0.0.1:${String(BEFORE_PORT)}`, pid: before.pid ?? 0 } }
          : {}),
      };
      const rounds = new Map<string, Round[]>(Object.keys(servers).map((name) => [name, []]));
      // Warm-up of each: JIT, pools, PostgreSQL's caches.
      for (const { url, pid } of Object.values(servers)) await load(url, pid, requests, 3);
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, { url, pid }] of Object.entries(servers))
          rounds.get(name)?.push(await load(url, pid, requests, SECONDS));
      // BENCH_LAYERS: one more round of each, warm, under perf (which takes CPU of its own), kept out of the measured
      // ones; with its own CPU a request, which its layers add up to.
      const layers = new Map<string, Pick<Round, 'cpuPerRequest' | 'layers'>>();
      if (LAYERS)
        for (const [name, { url, pid }] of Object.entries(servers)) {
          const { cpuPerRequest, layers: byLayer = {} } = await load(url, pid, requests, SECONDS, true);
          layers.set(name, { cpuPerRequest, layers: byLayer });
        }
      const [productRounds = [], bareRounds = [], beforeRounds = []] = ['product', 'bare', 'before'].map(
        (name) => rounds.get(name),
      );
      const product = summary(productRounds);
      const bareSummary = summary(bareRounds);
      const beforeSummary = before ? summary(beforeRounds) : undefined;
      const report = {
        workload: HOLDS ? 'hold' : 'search',
        searches: HOLDS ? undefined : paths.length,
        connections: CONNECTIONS,
        gzip: GZIP,
        seconds: SECONDS,
        product,
        bare: bareSummary,
        ratio: ratio(productRounds, bareRounds),
        cpuRatio: cpuRatio(productRounds, bareRounds),
        ...(LAYERS
          ? {
              layers: Object.fromEntries(layers),
            }
          : {}),
        ...(beforeSummary
          ? {
              before: beforeSummary,
              ratioBefore: ratio(beforeRounds, bareRounds),
              ratioToBefore: ratio(productRounds, beforeRounds),
              cpuRatioToBefore: cpuRatio(productRounds, beforeRounds),
            }
          : {}),
      };
      console.log(JSON.stringify(report, null, 2));
      const pass = report.ratio >= 0.9 && product.p99 <= bareSummary.p99 && product.failed === 0;
      console.log(
        pass ? 'bench:lean: within target' : 'bench:lean: MISSED the target (>= 0.9x, p99 not worse)',
      );
      process.exitCode = pass ? 0 : 1;
    } finally {
      bare.kill();
      before?.kill();
    }
  },
  profilingArgs,
);

// BENCH_LAYERS=1 of `npm run bench:lean`: where a request's CPU goes in each server, by layer, in microseconds a
// request, the kernel included. Linux's `perf` samples the process's threads through a round (every 2 ms of a
// thread's CPU); Node, started with --perf-basic-prof, names its compiled JavaScript for it. `--cpu-prof`
// (BENCH_PROFILE) sees only the main thread's JavaScript: the kernel's part of a write, the compiler's and the
// collector's threads are outside it (docs/capacity.md, "Fifth pass").
// Needs `perf` (Debian: linux-perf) and the right to trace the process (root, or perf_event_paranoid <= 1).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';

/**
 * Microseconds of a thread's CPU between two samples: a fixed period (`-c`), not a frequency (`-F`), whose period
 * the kernel adapts thread by thread and which then over-counts threads that run in short bursts.
 */
const SAMPLE_PERIOD_US = 2000;

/** Node's flag that writes /tmp/perf-<pid>.map, so that perf can name JavaScript frames. */
export const perfNodeArgs = ['--perf-basic-prof'];

/**
 * A sample's layer: the first rule that names one of its frames, from the innermost outwards (a `writev` in the
 * kernel, called by pg, counts as the kernel's; a `Map.get` called by the search counts as the app's). Rules read a
 * frame's symbol (a JavaScript frame's names its file), the kernel's its object file.
 */
const KERNEL = '[kernel.kallsyms]';
const LAYERS: [string, RegExp][] = [
  ['garbage collection', /Scavenge|Heap::|MarkCompact|ConcurrentMarking|MinorMS|Sweeper|GCTracer/],
  ['pg (driver and pool)', /node_modules\/pg(-protocol|-pool|-types)?\//],
  ['drizzle', /node_modules\/drizzle-orm\//],
  ['metrics', /node_modules\/prom-client\/|observability\/metrics/],
  ['logs, access line, request scope', /observability\/|node_modules\/(pino|sonic-boom)\//],
  ['fetch (undici, web streams)', /undici|webstreams/],
  ['hono', /node_modules\/hono\//],
  ['zod', /node_modules\/zod\//],
  ['other packages', /node_modules\//],
  ['the bare server', /tests\/perf\/lean\//],
  ['the app (src, dist)', /\/(src|dist)\/server\//],
  ["node's http", /_http_|llhttp/],
  ["node's streams and sockets", /node:internal\/streams|stream_base|node:net/],
  ['promises and ticks', /task_queues|Promise|async_context|AsyncFunction/],
];
const OTHER = 'other (V8, its compiler threads, libc)';

/** `perf record` on process `pid` until `stop()`; `stop` resolves once the samples are written. */
export async function recordCpu(pid: number, file: string): Promise<{ stop: () => Promise<void> }> {
  if (spawnSync('perf', ['--version']).status !== 0)
    throw new Error('BENCH_LAYERS needs Linux perf: apt-get install linux-perf');
  const perf: ChildProcess = spawn(
    'perf',
    ['record', '-e', 'cpu-clock', '-c', String(SAMPLE_PERIOD_US * 1000), '-g', '-o', file, '-p', String(pid)],
    { stdio: 'ignore' },
  );
  const exited = once(perf, 'exit');
  // perf attaches within a few milliseconds; a round is seconds long.
  await new Promise((resolve) => setTimeout(resolve, 200));
  if (perf.exitCode !== null) throw new Error(`perf record could not trace process ${String(pid)}`);
  return {
    stop: async () => {
      perf.kill('SIGINT');
      await exited;
    },
  };
}

/** The recorded samples as microseconds of CPU a request, by layer, for `requests` requests answered meanwhile. */
export function cpuLayers(file: string, pid: number, requests: number): Record<string, number> {
  const script = spawnSync('perf', ['script', '-i', file], { maxBuffer: 1 << 30, encoding: 'utf8' });
  rmSync(file, { force: true });
  // Node's names for its code, written for perf alone (the process goes on writing to the removed file).
  rmSync(`/tmp/perf-${String(pid)}.map`, { force: true });
  const samples = new Map<string, number>();
  // One sample per paragraph: a header line, then its frames, innermost first.
  for (const sample of script.stdout.split('\n\n')) {
    const layer = layerOf(sample.split('\n').slice(1));
    if (layer) samples.set(layer, (samples.get(layer) ?? 0) + 1);
  }
  const perRequest = SAMPLE_PERIOD_US / Math.max(requests, 1);
  return Object.fromEntries(
    [...samples.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([layer, count]) => [layer, Math.round(count * perRequest * 10) / 10]),
  );
}

/** A frame of `perf script`: `  7f3a... symbol+0x1f (object file)`. */
const FRAME = /^\s*[0-9a-f]+ (.*) \((.*)\)$/;

/** The layer of a sample's frames; none (undefined) for a paragraph without frames. */
function layerOf(frames: string[]): string | undefined {
  let seen = false;
  for (const frame of frames) {
    const [, symbol = '', objectFile = ''] = FRAME.exec(frame) ?? [];
    if (!symbol && !objectFile) continue;
    seen = true;
    if (objectFile === KERNEL) return 'kernel';
    for (const [layer, rule] of LAYERS) if (rule.test(symbol)) return layer;
  }
  return seen ? OTHER : undefined;
}

// The baseline of `npm run bench:lean`: a bare `node:http` + `pg` server that, for each search, sends the very
// queries the product sends (same text, parameters, statement names and row parsing, on a pool of the same size)
// and then the very bytes the product answered: its status and headers, and its body serialized again from the
// answer's object with JSON.stringify and gzipped (as the product does, on libuv's pool) when asked. What it leaves
// out is what the product's layers cost: routing, validation, the service's arithmetic, logging, metrics.
//
// Started by tests/perf/bench-lean.ts with DATABASE_URL (the bench's database), ORIGIN (the product, to record its
// answers) and BARE_PORT; prints "ready" once it has recorded every path in SEARCH_PATHS (JSON).
import { request as httpRequest, createServer } from 'node:http';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import { openDatabase } from '../../../src/server/db/client.ts';
import { Network } from '../../../src/server/network.ts';
import { searchSchedules } from '../../../src/server/services/search-schedules.ts';
import { searchQuerySchema } from '../../../src/schemas/search.ts';
import { replayable, replayPool, sendRecorded, statementsOf, type Statement } from './statements.ts';

const gzipAsync = promisify(gzip);

interface Recorded {
  queries: Statement[];
  status: number;
  headers: Record<string, string | string[]>;
  answer: unknown;
}

const databaseUrl = process.env.DATABASE_URL ?? '';
const origin = process.env.ORIGIN ?? '';
const paths = JSON.parse(process.env.SEARCH_PATHS ?? '[]') as string[];
const horizonDays = Number(process.env.SAILING_HORIZON_DAYS ?? 120);

/** The statements the product's search service sends for a path. */
function recordQueries(path: string): Promise<Statement[]> {
  const query = searchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const context = { db: handle.db, network, now: new Date(), locale: 'en' as const, horizonDays };
  return statementsOf(() => searchSchedules(query, context));
}

/** The product's answer to a path, byte for byte (no decompression), with its headers. */
function recordAnswer(path: string, acceptEncoding: string | undefined) {
  return new Promise<Omit<Recorded, 'queries'>>((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = httpRequest(new URL(path, origin), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
        const answer: unknown = JSON.parse(body.toString());
        if (JSON.stringify(answer) !== body.toString())
          reject(new Error(`${path}: not JSON.stringify's bytes`));
        resolve({ status: res.statusCode ?? 0, headers: replayable(res.headers), answer });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const network = new Network();
const handle = await openDatabase({ url: databaseUrl, poolMax: 1 });
await recordQueries(paths[0] ?? ''); // the first search reads and caches the tariffs; no search after does
const plain = new Map<string, Recorded>();
const gzipped = new Map<string, Recorded>();
for (const path of paths) {
  const queries = await recordQueries(path);
  plain.set(path, { queries, ...(await recordAnswer(path, undefined)) });
  gzipped.set(path, { queries, ...(await recordAnswer(path, 'gzip')) });
}
await handle.close();

const pool = replayPool(databaseUrl);
// Stopped by the bench with SIGTERM: exit as a normal end, so that BENCH_PROFILE's --cpu-prof writes its profile.
process.once('SIGTERM', () => process.exit(0));

const server = createServer((req, res) => {
  const recorded = (req.headers['accept-encoding']?.includes('gzip') ? gzipped : plain).get(req.url ?? '');
  if (!recorded) {
    res.writeHead(404).end();
    return;
  }
  const gzip = recorded.headers['content-encoding'] === 'gzip';
  const body = Promise.all(recorded.queries.map((args) => pool.query(...args))).then(() => {
    const json = Buffer.from(JSON.stringify(recorded.answer));
    return gzip ? gzipAsync(json) : json;
  });
  sendRecorded(res, recorded, body);
});
server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => {
  const statements = [...plain.values()].reduce((sum, recorded) => sum + recorded.queries.length, 0);
  console.log(`ready: ${String(plain.size)} searches, ${String(statements)} statements`);
});

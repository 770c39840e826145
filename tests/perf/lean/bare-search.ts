// The baseline of `npm run bench:lean`: a bare `node:http` + `pg` server that, for each search, sends the very
// queries the product sends (same text, parameters, statement names and row parsing, on a pool of the same size)
// and then the very bytes the product answered: its status and headers, and its body serialized again from the
// answer's object with JSON.stringify and gzipped (as the product does, on libuv's pool) when asked. What it leaves
// out is what the product's layers cost: routing, validation, the service's arithmetic, logging, metrics.
//
// Started by tests/perf/bench-lean.ts with DATABASE_URL (the bench's database), ORIGIN (the product, to record its
// answers) and BARE_PORT; prints "ready" once it has recorded every path in SEARCH_PATHS (JSON).
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { gunzipSync, gzip } from 'node:zlib';
import pg from 'pg';
import { openDatabase } from '../../../src/server/db/client.ts';
import { Network } from '../../../src/server/network.ts';
import { searchSchedules } from '../../../src/server/services/search-schedules.ts';
import { searchQuerySchema } from '../../../src/schemas/search.ts';

const gzipAsync = promisify(gzip);

/** A statement as pg's client is handed it by Drizzle: its config (text, name, row mode, parsers) and values. */
type QueryArgs = unknown[];
interface Querying {
  query: (...args: QueryArgs) => Promise<unknown>;
}
interface Recorded {
  queries: QueryArgs[];
  status: number;
  headers: Record<string, string | string[]>;
  answer: unknown;
}

const databaseUrl = process.env.DATABASE_URL ?? '';
const origin = process.env.ORIGIN ?? '';
const paths = JSON.parse(process.env.SEARCH_PATHS ?? '[]') as string[];
const horizonDays = Number(process.env.SAILING_HORIZON_DAYS ?? 120);
const poolMax = Number(process.env.DB_POOL_MAX ?? 10);

// Every statement the product's code sends, as pg receives it: recorded while the service answers each path.
let recording: QueryArgs[] | undefined;
const client = pg.Client.prototype as unknown as Querying;
const clientQuery = client.query;
client.query = function (this: unknown, ...args: QueryArgs) {
  recording?.push(args);
  return clientQuery.apply(this, args);
};

async function recordQueries(path: string): Promise<QueryArgs[]> {
  const query = searchQuerySchema.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
  const context = { db: handle.db, network, now: new Date(), locale: 'en' as const, horizonDays };
  recording = [];
  await searchSchedules(query, context);
  const queries = recording;
  recording = undefined;
  return queries;
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

/** The headers worth sending again; Node writes its own Date, Connection and framing (Content-Length here). */
function replayable(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (
      value !== undefined &&
      !['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)
    )
      kept[name] = value;
  return kept;
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

const pool = new pg.Pool({ connectionString: databaseUrl, max: poolMax });
const pooled = pool as unknown as Querying;
const server = createServer((req, res) => {
  const recorded = (req.headers['accept-encoding']?.includes('gzip') ? gzipped : plain).get(req.url ?? '');
  if (!recorded) {
    res.writeHead(404).end();
    return;
  }
  const gzip = recorded.headers['content-encoding'] === 'gzip';
  Promise.all(recorded.queries.map((args) => pooled.query(...args)))
    .then(() => {
      const json = Buffer.from(JSON.stringify(recorded.answer));
      return gzip ? gzipAsync(json) : json;
    })
    .then(
      (body) => {
        res.writeHead(recorded.status, { ...recorded.headers, 'content-length': body.length });
        res.end(body);
      },
      (error: unknown) => {
        console.error(error);
        res.writeHead(500).end();
      },
    );
});
server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => {
  const statements = [...plain.values()].reduce((sum, recorded) => sum + recorded.queries.length, 0);
  console.log(`ready: ${String(plain.size)} searches, ${String(statements)} statements`);
});

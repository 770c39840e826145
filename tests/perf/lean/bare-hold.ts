// The hold's baseline in `npm run bench:lean` (BENCH_WORKLOAD=hold): a bare `node:http` + `pg` server that, for each
// hold, sends the statements the product's hold sends (recorded from the product's own API, in-process: the rate
// limit, the preview, the locked `hold_seats` call) with a new booking id and code in place of the recorded ones,
// one after another on one connection, then the product's answer (status, headers, its JSON with the new id and
// code). It takes the same lock and writes the same rows; it leaves out routing, validation, the use case's own
// arithmetic, logging and metrics.
//
// Started by tests/perf/bench-lean.ts with DATABASE_URL, BARE_PORT and HOLD_SAILING; prints "ready" when recorded.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { bookingCodeFrom } from '../../../src/domain/booking-code.ts';
import { openDatabase } from '../../../src/server/db/client.ts';
import { createApp } from '../../../src/server/http/app.ts';
import { testDeps } from '../../support/app.ts';
import { holdBody } from './hold-requests.ts';
import { replayable, replayPool, sendRecorded, statementsOf, type Statement } from './statements.ts';

interface RecordedHold {
  statements: Statement[];
  status: number;
  headers: Record<string, string | string[]>;
  /** The answer's JSON, and the id and code in it that each replay replaces. */
  json: string;
  id: string;
  code: string;
}

const databaseUrl = process.env.DATABASE_URL ?? '';
const sailing = process.env.HOLD_SAILING ?? '';
/** Recorded holds, replayed in turn; each replay draws its own id and code. */
const RECORDED = 20;

const handle = await openDatabase({ url: databaseUrl, poolMax: 1 });
const app = createApp(testDeps(handle.db, () => new Date(), undefined, undefined, 1));
const hold = (address: string) =>
  app.request('/api/bookings', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: holdBody(sailing),
  });
await hold('10.255.255.1'); // the first reads and caches the tariffs; no hold after does
const recorded: RecordedHold[] = [];
for (let i = 0; i < RECORDED; i++) {
  const answers: Response[] = [];
  const statements = await statementsOf(async () => {
    // Addresses of its own: the replayed rate-limit counts never reach the product's travellers' limits.
    answers.push(await hold(`10.254.0.${String(i)}`));
  });
  const response = answers[0];
  if (response?.status !== 201) throw new Error(`recording a hold: ${String(response?.status)}`);
  const json = await response.text();
  const { id, code } = JSON.parse(json) as { id: string; code: string };
  recorded.push({
    statements,
    status: response.status,
    headers: replayable(response.headers),
    json,
    id,
    code,
  });
}
await handle.close();

/** A value with the recorded booking's id and code replaced, wherever they are (a JSON parameter included). */
function replaced(value: unknown, from: RecordedHold, id: string, code: string): unknown {
  if (typeof value === 'string') return value.replaceAll(from.id, id).replaceAll(from.code, code);
  if (Array.isArray(value)) return value.map((item) => replaced(item, from, id, code));
  return value;
}

const pool = replayPool(databaseUrl);
let turn = 0;
async function replay(from: RecordedHold): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  const code = bookingCodeFrom(randomBytes(6));
  await pool.inOrder(from.statements, (statement) => replaced(statement[1], from, id, code));
  return from.json.replaceAll(from.id, id).replaceAll(from.code, code);
}

// Stopped by the bench with SIGTERM: exit as a normal end, so that BENCH_PROFILE's --cpu-prof writes its profile.
process.once('SIGTERM', () => process.exit(0));

const server = createServer((req, res) => {
  req.resume();
  const from = recorded[turn++ % recorded.length];
  if (!from) return void res.writeHead(500).end();
  sendRecorded(
    res,
    from,
    replay(from).then((json) => Buffer.from(json)),
  );
});
server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => {
  const statements = recorded.reduce((sum, hold) => sum + hold.statements.length, 0);
  console.log(`ready: ${String(recorded.length)} holds, ${String(statements)} statements`);
});

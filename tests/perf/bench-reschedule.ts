// `npm run bench:reschedule` (on demand, not in CI): paid travellers moving at once onto ONE hot sailing, on the
// production server on PostgreSQL. Every move locks its old sailing and the hot one (in id order), recounts the hot
// sailing's seats and moves the seat; all of them queue on the hot sailing's row lock.
//
// Setup: BENCH_TRAVELLERS (200) paid one-person bookings through the API (hold, details, Pay, the sandbox's signed
//   "paid" callback), spread over 8 sailings of Batam Centre - HarbourFront.
// Race: BENCH_CONNECTIONS (16) clients move them all onto a sailing with room for BENCH_ROOM (100). Exactly that
//   many moves must succeed, every other answer must be 409 "sold out"; afterwards the hot sailing holds exactly its
//   capacity (0 oversold) and every sailing's seat count equals its tickets still travelling. Exits 1 otherwise.
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432 (user postgres).
import pg from 'pg';
import type { PaymentBank } from '../../src/domain/payment-banks.ts';
import { sandboxSignature } from '../../src/server/payments/sandbox.ts';
import { contact, paidCallbackBody, passenger } from '../support/booking-flow.ts';
import { admin, withBenchServer } from './bench-support.ts';

const PORT = 4393;
const TRAVELLERS = Number(process.env.BENCH_TRAVELLERS ?? 200);
const ROOM = Number(process.env.BENCH_ROOM ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const OLD_SAILINGS = 8;
const WARM_UP = 16;
const SECRET = 'bench-sandbox-secret-0123456789';

interface Traveller {
  id: string;
  ticket: string;
  sailingId: string;
}

/** `count` tasks run by `CONNECTIONS` clients at a time, in order of `i`. */
async function clients<T>(count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, count) }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const round = (ms: number) => Math.round(ms * 10) / 10;

await withBenchServer(
  PORT,
  { TRUST_PROXY: '1', RATE_LIMIT_HOLDS: '1000', SANDBOX_GATEWAY_SECRET: SECRET },
  async (origin, databaseUrl) => {
    const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    const query = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
      (await db.query<R>(text, values)).rows;
    /** A JSON call from traveller `i`'s own address (through the trusted proxy), answered as status and body. */
    async function call(i: number, path: string, method: string, body: unknown, headers = {}) {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${String(i >> 8)}.${String(i & 255)}`,
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
    }
    function expectStatus(answer: { status: number; body: unknown }, status: number, what: string) {
      if (answer.status !== status)
        throw new Error(`${what}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
    }

    /** A paid booking of one adult on `sailingId`, with its ticket number. */
    async function paidTraveller(i: number, sailingId: string): Promise<Traveller> {
      const held = await call(i, '/api/bookings', 'POST', { trip: 'one_way', out: sailingId, adults: 1 });
      expectStatus(held, 201, 'hold');
      const { id } = held.body as { id: string };
      const people = { contact, passengers: [passenger('Passenger A')] };
      expectStatus(await call(i, `/api/bookings/${id}/details`, 'PUT', people), 204, 'details');
      expectStatus(
        await call(i, `/api/bookings/${id}/payment`, 'POST', { bank: 'bni', agree: true }),
        200,
        'pay',
      );
      const [payment] = await query<{
        externalId: string;
        accountNumber: string;
        bank: PaymentBank;
        method: PaymentBank;
        amount: number;
      }>(
        `select external_id as "externalId", account_number as "accountNumber", bank, method, amount::int as amount
         from payments where booking_id = $1`,
        [id],
      );
      const raw = JSON.stringify(paidCallbackBody(payment, new Date()));
      const headers = { 'x-sandbox-signature': sandboxSignature(SECRET, raw) };
      const paid = await call(i, '/api/payments/sandbox/callback', 'POST', raw, headers);
      expectStatus(paid, 200, 'callback');
      if ((paid.body as { status?: string }).status !== 'confirmed')
        throw new Error(`callback: ${JSON.stringify(paid.body)}`);
      const [ticket] = await query<{ n: string }>(
        'select ticket_number as n from tickets where booking_id = $1',
        [id],
      );
      return { id, ticket: ticket?.n ?? '', sailingId };
    }

    /** Everyone moves onto `target` at once; each answer with its latency (ms). */
    function moves(travellers: Traveller[], target: string) {
      return clients(travellers.length, async (i) => {
        const t = travellers[i];
        const started = performance.now();
        const body = { tickets: [t?.ticket], sailing: target, payment: 'counter', agree: true };
        const answer = await call(i, `/api/bookings/${t?.id ?? ''}/reschedule`, 'POST', body);
        return { status: answer.status, body: answer.body, ms: performance.now() - started };
      });
    }

    /** Seats each sailing's ledger counts now, and its tickets still travelling. */
    async function seats(ids: string[]) {
      return query<{ id: string; capacity: number; taken: number; travelling: number }>(
        `select s.id, s.capacity,
           coalesce((select sum(w.seats) from seat_windows w
                     where w.sailing_id = s.id and w.counts_until > now()), 0)::int as taken,
           (select count(*) from tickets t join booking_legs bl
              on bl.booking_id = t.booking_id and bl.leg = t.leg and bl.segment = t.segment
            where bl.sailing_id = s.id and t.status in ('active', 'claimed', 'checked_in'))::int as travelling
         from sailings s where s.id = any($1::uuid[]) order by s.id`,
        [ids],
      );
    }

    try {
      // Sailings of one route 3 to 6 days out: the hot one, a warm-up target, and the old ones.
      const route = await query<{ id: string }>(
        `select s.id from sailings s where s.route_id = 'btc-hfc' and s.status = 'scheduled'
           and s.departs_at > now() + interval '3 days' order by s.departs_at limit $1`,
        [OLD_SAILINGS + 2],
      );
      const [hot, warm, ...old] = route.map((r) => r.id);
      if (!hot || !warm || old.length < OLD_SAILINGS) throw new Error('not enough sailings to bench on');

      const setupStarted = performance.now();
      const travellers = await clients(TRAVELLERS + WARM_UP, (i) =>
        paidTraveller(i, old[i % old.length] ?? ''),
      );
      const setupSeconds = (performance.now() - setupStarted) / 1000;
      console.log(
        `bench:reschedule: ${String(travellers.length)} paid bookings in ${setupSeconds.toFixed(1)} s`,
      );

      // Warm-up: JIT, connection pool and PostgreSQL's caches on the reschedule path, onto a sailing of its own.
      const warmUp = await moves(travellers.slice(TRAVELLERS), warm);
      const failed = warmUp.find((a) => a.status !== 200);
      if (failed) throw new Error(`warm-up move: ${String(failed.status)} ${JSON.stringify(failed.body)}`);

      const racing = travellers.slice(0, TRAVELLERS);
      await admin(`update sailings set capacity = ${String(ROOM)} where id = '${hot}'`, databaseUrl);
      const before = await seats(old);
      const started = performance.now();
      const answers = await moves(racing, hot);
      const seconds = (performance.now() - started) / 1000;
      const after = await seats(old);
      const [target] = await seats([hot]);

      const count = (status: number) => answers.filter((a) => a.status === status).length;
      const moved = count(200);
      const soldOut = answers.filter(
        (a) => a.status === 409 && JSON.stringify(a.body).includes('Not enough free seats'),
      ).length;
      const latencies = (status: number) =>
        answers
          .filter((a) => a.status === status)
          .map((a) => a.ms)
          .sort((x, y) => x - y);
      const summary = (sorted: number[]) => ({
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.at(-1) ?? 0),
      });
      const taken = target?.taken ?? Number.NaN;
      const capacity = target?.capacity ?? ROOM;
      const oldTaken = (rows: typeof before) => rows.reduce((sum, r) => sum + r.taken, 0);
      const mismatched = [...after, ...(target ? [target] : [])].filter((s) => s.taken !== s.travelling);
      const report = {
        connections: CONNECTIONS,
        travellers: TRAVELLERS,
        hotSailing: {
          capacity,
          taken,
          travellingTickets: target?.travelling,
          oversold: Math.max(0, taken - capacity),
        },
        race: {
          seconds: Math.round(seconds * 1000) / 1000,
          movesPerSecond: Math.round(moved / seconds),
          requestsPerSecond: Math.round(answers.length / seconds),
          moved,
          soldOut409: soldOut,
          other: answers.length - moved - soldOut,
          serverErrors: answers.filter((a) => a.status >= 500).length,
        },
        latencyMs: {
          move: summary(latencies(200)),
          soldOut: summary(latencies(409)),
          all: summary(answers.map((a) => a.ms).sort((x, y) => x - y)),
        },
        oldSailings: {
          count: after.length,
          seatsBefore: oldTaken(before),
          seatsAfter: oldTaken(after),
          regained: oldTaken(before) - oldTaken(after),
          mismatched: mismatched.map((s) => ({ id: s.id, taken: s.taken, travelling: s.travelling })),
        },
      };
      console.log(JSON.stringify(report, null, 2));
      const expectedMoves = Math.min(ROOM, TRAVELLERS);
      const exact =
        taken <= capacity &&
        moved === expectedMoves &&
        taken === moved &&
        soldOut === TRAVELLERS - expectedMoves &&
        report.oldSailings.regained === moved &&
        mismatched.length === 0;
      console.log(
        exact
          ? `bench:reschedule: 0 oversold (${String(taken)} of ${String(capacity)} seats, ${String(soldOut)} x 409), every sailing's seats match its tickets`
          : `bench:reschedule: SEAT COUNT WRONG (oversold ${String(report.hotSailing.oversold)})`,
      );
      process.exitCode = exact ? 0 : 1;
    } finally {
      await db.end();
    }
  },
);

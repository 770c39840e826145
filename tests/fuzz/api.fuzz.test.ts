import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingLegs, bookingPassengers, bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, refunds, tickets } from '../../src/server/db/schema/payments.ts';
import { apiContracts, type Contract } from '../../src/server/http/contracts.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { pglite, seeded } from '../support/databases.ts';
import { examples } from './support/examples.ts';
import { everyLeafSwapped } from './support/mutate.ts';
import { ownPage, requestsFor, type FuzzRequest } from './support/requests.ts';
import { log } from '../../src/server/observability/log.ts';

/**
 * Every API route, with requests generated from its contract (schemas, path parameters, content types, languages)
 * and hostile values mixed in: never a 5xx, always the one error shape for a refusal, nothing logged as an error,
 * and a refused request changes nothing already saved. FUZZ_RUNS (per route) and FUZZ_SEED steer it; `npm run fuzz`
 * runs it long.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 150);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

describe('every API route answers any request cleanly', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const known: Record<string, string[]> = { gateway: ['sandbox', 'xendit'], code: ['BTC', 'HFC', 'XXX'] };
  /** What is saved for each fixture booking, as of the last request that was allowed to change it. */
  const saved = new Map<string, string>();
  let sent = 0;

  const snapshot = async (id: string) =>
    JSON.stringify(
      await Promise.all([
        handle.db.select().from(bookings).where(eq(bookings.id, id)),
        handle.db.select().from(bookingLegs).where(eq(bookingLegs.bookingId, id)),
        handle.db
          .select()
          .from(bookingPassengers)
          .where(eq(bookingPassengers.bookingId, id))
          .orderBy(asc(bookingPassengers.position)),
        handle.db.select().from(payments).where(eq(payments.bookingId, id)),
        handle.db.select().from(tickets).where(eq(tickets.bookingId, id)),
        handle.db.select().from(refunds).where(eq(refunds.bookingId, id)),
      ]),
    );

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 40));
    app = testApp(handle.db, now);
  });

  /** Fresh for each route (a fuzzed request may pay the held one): held with details, awaiting payment, paid. */
  async function fixtures() {
    const held = await bookingReadyToPay(app, { date: '2026-12-01', adults: 2, trip: 'two_way' });
    const waiting = await bookingReadyToPay(app, { date: '2026-12-02' });
    await pay(app, waiting.id, 'mandiri');
    const paid = await bookingReadyToPay(app, { date: '2026-12-03' });
    await pay(app, paid.id, 'bni');
    const [va] = await handle.db.select().from(payments).where(eq(payments.bookingId, paid.id));
    await sandboxCallback(app, paidCallbackBody(va, now), { now });
    known.id = [held.id, waiting.id, paid.id];
    for (const id of known.id) saved.set(id, await snapshot(id));
  }
  afterAll(async () => {
    await drop();
    console.log(`API fuzz: ${String(sent)} requests (seed ${String(seed)}, ${String(runs)} per route)`);
  });

  it('knows the contract of every route the app registers', () => {
    // A route with middleware of its own (the use cases' caller and body) is listed once per handler.
    const registered = new Set(
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`),
    );
    expect([...registered].sort()).toEqual(Object.keys(apiContracts).sort());
  });

  async function send(request: FuzzRequest) {
    sent += 1;
    const response = await app.request(request.path, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    const text = await response.text();
    return { status: response.status, text, type: response.headers.get('Content-Type') ?? '' };
  }

  /**
   * The checks every answer must pass; `request` targets the fixture bookings through its path. A route whose
   * contract lists its refusals (a use case's, from its declaration) answers no other 4xx.
   */
  async function check(request: FuzzRequest, errors: { mock: { calls: unknown[] } }, contract?: Contract) {
    const answer = await send(request);
    expect(answer.status, `${request.method} ${request.path}`).toBeLessThan(500);
    if (answer.status >= 400 && contract?.refusals)
      expect(contract.refusals, `${request.method} ${request.path}: ${answer.text}`).toContain(answer.status);
    if (answer.status >= 400) {
      expect(answer.type).toMatch(/^application\/json/);
      const body = JSON.parse(answer.text) as { message?: unknown; errors?: unknown };
      expect(body.message).toEqual(expect.stringMatching(/\S/));
      if (body.errors !== undefined)
        for (const list of Object.values(body.errors as Record<string, unknown>))
          expect(list).toEqual(expect.arrayContaining([expect.any(String)]));
    }
    expect(errors.mock.calls, 'nothing is logged as an error').toEqual([]);
    for (const id of known.id ?? []) {
      if (!request.path.includes(id)) continue;
      const current = await snapshot(id);
      if (answer.status >= 400)
        expect(current, `${request.method} ${request.path} changed ${id}`).toBe(saved.get(id));
      else saved.set(id, current);
    }
  }

  // Exhaustive: each field of a valid request given each hostile value in turn, on each fixture booking.
  for (const [route, example] of Object.entries(examples)) {
    it(`answers ${route} with any one field hostile`, { timeout: 60_000 }, async () => {
      await fixtures();
      const errors = vi.spyOn(log, 'error');
      const [method = 'GET', pattern = '/'] = route.split(' ');
      for (const id of pattern.includes(':id') ? (known.id ?? []) : ['-'])
        for (const body of everyLeafSwapped(example))
          await check(
            {
              method,
              path: pattern.replace(':id', id),
              headers: { 'Content-Type': 'application/json', 'Accept-Language': 'id', ...ownPage },
              body: JSON.stringify(body),
            },
            errors,
            apiContracts[route],
          );
    });
  }

  for (const [route, contract] of Object.entries(apiContracts)) {
    it(`answers ${route} cleanly (seed ${String(seed)})`, { timeout: 60_000 }, async () => {
      await fixtures();
      const errors = vi.spyOn(log, 'error');
      await fc.assert(
        fc.asyncProperty(requestsFor(route, contract, known, examples[route]), (request) =>
          check(request, errors, contract),
        ),
        // Routes with a valid example get more runs: their mutations are what reach the services and the database.
        { numRuns: examples[route] === undefined ? runs : runs * 4, seed },
      );
    });
  }
});

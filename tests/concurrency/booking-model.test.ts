import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingStatus } from '../../src/domain/booking-lifecycle.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { postgres, seeded, type CreatedDatabase } from '../support/databases.ts';
import { startApi, stop, type ApiProcess } from './support/api-processes.ts';
import { call } from './support/http.ts';
import { brokenPromises } from './support/model-invariants.ts';
import { pickOperation, seededRandom, type ModelWorld } from './support/model-ops.ts';

/**
 * The booking model, randomized and stateful, on PostgreSQL with two server processes: batches of concurrent holds,
 * details, "Pay", paid callbacks (on time, late, under, over, replayed), expiries and sweeps over three small
 * sailings, with every promise checked after each batch (support/model-invariants.ts). The seed is printed so a
 * failure replays its choices: `FUZZ_SEED=<seed> npm run fuzz:model`; `npm run fuzz:model` also runs it longer.
 */
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const batches = Number(process.env.FUZZ_MODEL_BATCHES ?? 60);
const capacities = [5, 7, 6];
/** FUZZ_MODEL_KEEP_GOING=1: run every batch and count broken promises by kind (to measure a bug, not just find it). */
const keepGoing = process.env.FUZZ_MODEL_KEEP_GOING === '1';
const kindOf = (broken: string) =>
  broken
    .replace(/^(booking|sailing|receipt|ledger) \S+/, '$1')
    .replace(/\d+/g, 'N')
    .replace(/\(\w+\)/, '');

describe('the booking model under random concurrent operations', () => {
  let handle: DatabaseHandle;
  let database: CreatedDatabase;
  /** The PostgreSQL database's address, for the API processes and the tests' own connections. */
  let url = '';
  let apis: ApiProcess[] = [];

  beforeAll(async () => {
    database = await seeded(await postgres.create(8), new Date(), 4 + Math.ceil(batches / 25));
    ({ handle } = database);
    url = database.url ?? '';
    // The sandbox gateway takes up to 300 ms to issue a VA, as a real one does.
    apis = await Promise.all([
      startApi(url, { gatewayDelayMs: 300 }),
      startApi(url, { gatewayDelayMs: 300 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all(apis.map(stop));
    await database.drop();
  });

  it(
    `keeps every promise over ${String(batches)} batches (seed ${String(seed)})`,
    { timeout: 30_000 + batches * 2_000 },
    async () => {
      console.log(
        `booking model: seed ${String(seed)}, ${String(batches)} batches (replay: FUZZ_SEED=${String(seed)} npm run fuzz:model)`,
      );
      /** Each stretch of batches books the sailings of a new day, so paid seats never fill the model for good. */
      const sailingsOf = async (offset: number) => {
        const date = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
        const query = `trip=two_way&from=BTC&to=HFC&date=${date(offset)}&returnDate=${date(offset + 1)}`;
        const found = (await call(apis[0], `/api/schedules?${query}`)).body as SearchResult;
        const outbound = (found.outbound?.sailings ?? []).slice(0, 4).map((s) => s.id);
        const back = (found.return?.sailings ?? []).slice(-3).map((s) => s.id);
        expect(outbound.length * back.length).toBeGreaterThan(0);
        for (const [i, id] of [...outbound, ...back].entries())
          await handle.db
            .update(sailings)
            .set({ capacity: capacities[i % capacities.length] ?? 5 })
            .where(eq(sailings.id, id));
        return { outbound, back };
      };
      const random = seededRandom(seed);
      const world: ModelWorld = {
        db: handle.db,
        apis,
        ...(await sailingsOf(2)),
        booked: [],
        sent: [],
        statuses: [],
      };
      const seen = new Map<string, BookingStatus>();
      const answered: number[] = [];
      const tally = new Map<string, number>();
      const started = performance.now();
      let operationCount = 0;
      for (let batch = 1; batch <= batches; batch++) {
        if (batch % 25 === 0) Object.assign(world, await sailingsOf(2 + batch / 25), { booked: [] });
        const size = random.int(4, 12);
        const chosenOps = Array.from({ length: size }, () => pickOperation(random));
        const log = await Promise.all(chosenOps.map((operation) => operation(world, random)));
        operationCount += size;
        const broken = await brokenPromises(handle.db, seen);
        const statuses = world.statuses.splice(0);
        const failures = statuses.filter((s) => s >= 500);
        answered.push(...statuses);
        if (failures.length > 0) broken.push(`${String(failures.length)} answers 5xx`);
        if (keepGoing) for (const b of broken) tally.set(kindOf(b), (tally.get(kindOf(b)) ?? 0) + 1);
        else expect(broken, `batch ${String(batch)} (seed ${String(seed)}):\n${log.join('\n')}`).toEqual([]);
      }
      if (keepGoing) expect(Object.fromEntries(tally), 'promises broken, by kind').toEqual({});
      const seconds = (performance.now() - started) / 1000;
      const outcomes = new Map<number, number>();
      for (const s of answered) outcomes.set(s, (outcomes.get(s) ?? 0) + 1);
      console.log(
        `booking model: ${String(operationCount)} operations in ${seconds.toFixed(1)} s, ${String(seen.size)} bookings; statuses ${JSON.stringify(Object.fromEntries(outcomes))}`,
      );
    },
  );
});

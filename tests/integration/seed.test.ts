import { max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { extendSailings, plannedSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { extendSailingHorizon } from '../../src/server/jobs/extend-sailings.ts';
import { startJobs } from '../../src/server/jobs/scheduler.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { Network } from '../../src/server/network.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { TEST_SANDBOX_SECRET } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

const network = loadNetworkData();
const now = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('seed on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    await upsertNetwork(handle.db, network);
  });
  afterAll(() => drop());

  it('creates at least 90 days of sailings, and a second run adds nothing', async () => {
    const added = await extendSailings(handle.db, network, now, 90);
    expect(added).toBe(plannedSailings(network, now, 90).length);
    expect(added).toBeGreaterThan(5000);
    expect(await extendSailings(handle.db, network, now, 90)).toBe(0);
    await upsertNetwork(handle.db, network);
    expect(await extendSailings(handle.db, network, now, 91)).toBeGreaterThan(0); // the horizon rolls on
  });

  it('keeps the horizon ahead while the server runs: its sweep adds the days the clock moved into, once', async () => {
    // db:setup made 91 days from `now` (above). The server runs on, and 30 days later its sweep adds 30 more.
    let clock = now;
    const database = () => Promise.resolve(handle.db);
    const gateway = createSandboxGateway({ secret: TEST_SANDBOX_SECRET, database, clock: () => clock });
    const mailer = { send: () => Promise.reject(new Error('no mail is queued here')) };
    const jobs = startJobs(
      database,
      () => clock,
      { mailer, network: new Network(network), siteUrl: 'https://example.test' },
      gateway,
      91,
    );
    const lastDeparture = async () =>
      (await handle.db.select({ last: max(sailings.departsAt) }).from(sailings))[0]?.last?.getTime() ?? 0;
    try {
      const before = await lastDeparture();
      clock = new Date(now.getTime() + 30 * 86_400_000);
      await jobs.sweepNow();
      expect(await lastDeparture()).toBe(before + 30 * 86_400_000);
      // Every sailing of the horizon seen from the moved clock is there, and nothing is left to add that day.
      expect(await extendSailings(handle.db, network, clock, 91)).toBe(0);
      expect(await extendSailingHorizon(handle.db, network, clock, 91)).toBe(0);
    } finally {
      await jobs.stop();
    }
  });

  it('stores UTC instants that read as the timetable in local time', async () => {
    const [first] = await handle.db
      .select({ departsAt: sailings.departsAt })
      .from(sailings)
      .where(sql`${sailings.routeId} = 'btc-hfc' and ${sailings.operatorCode} = 'SEX'`)
      .orderBy(sailings.departsAt)
      .limit(1);
    // 06:00 WIB on 21 Nov 2026 (Batam's local date at `now`) is 23:00 UTC the day before.
    expect(first?.departsAt.toISOString()).toBe('2026-11-20T23:00:00.000Z');
  });

  it.each([
    [
      'a negative capacity',
      sql`update sailings set capacity = -1 where id = (select id from sailings limit 1)`,
    ],
    [
      'an arrival before departure',
      sql`update sailings set arrives_at = departs_at - interval '1 minute' where id = (select id from sailings limit 1)`,
    ],
    [
      'a second sailing of the same route, operator and departure',
      sql`insert into sailings (route_id, operator_code, departs_at, arrives_at, capacity) select route_id, operator_code, departs_at, arrives_at, capacity from sailings limit 1`,
    ],
  ])('the database itself refuses %s', async (_case, statement) => {
    await expect(handle.db.execute(statement)).rejects.toThrow();
  });

  // A leg's seats fall to 0 once all its passengers moved or cancelled; below 0 is a bug.
  it('refuses a booking leg with fewer than no seats', async () => {
    const booking = 'seed-test-booking-000001';
    await handle.db.execute(
      sql`insert into bookings (id, code, status, trip, locale, adults, children, infants, price, expires_at)
          values (${booking}, 'ABC234', 'held', 'one_way', 'en', 1, 0, 0, '{}', now())`,
    );
    await expect(
      handle.db.execute(
        sql`insert into booking_legs (booking_id, leg, route_id, operator_code, sailing_id, seats)
            select ${booking}, 0, route_id, operator_code, id, -1 from sailings limit 1`,
      ),
    ).rejects.toThrow();
  });
});

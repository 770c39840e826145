import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdsSeatsAt, type BookingStatus } from '../../src/domain/booking-lifecycle.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { insertBooking } from '../factories/bookings.ts';
import { seeded, testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');
const expiry = new Date('2026-11-21T10:20:00Z');
const instants = [-1000, -1, 0, 1, 1000].map((ms) => new Date(expiry.getTime() + ms));

/** The seat ledger (SQL, kept by triggers) and the lifecycle's rule (TypeScript) count the same seats at every t. */
describe.each(testDatabases)('the seat ledger and the lifecycle agree on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), now, 3));
  });
  afterAll(() => drop());

  const cases: [BookingStatus, Date | null][] = [
    ['held', expiry],
    ['awaiting_payment', expiry],
    ['paid', null],
    ['paid', expiry], // paid late: its old expiry no longer matters
    ['expired', expiry],
  ];

  it.each(cases)(
    'a booking %s (expiry %s) counts where the rule says, at and around its expiry',
    async (status, expiresAt) => {
      const [sailing] = await handle.db
        .select({ id: sailings.id })
        .from(sailings)
        .where(and(eq(sailings.routeId, 'btc-hfc'), gt(sailings.departsAt, now)))
        .orderBy(sql`random()`)
        .limit(1);
      const sailingId = sailing?.id ?? '';
      const before = new Map(
        await Promise.all(instants.map(async (i) => [i.getTime(), await countedAt(sailingId, i)] as const)),
      );
      await insertBooking(handle.db, {
        code: `LC${String(cases.findIndex((c) => c[0] === status && c[1] === expiresAt)).padStart(4, 'A')}`,
        status,
        expiresAt,
        sailingId,
        seats: 3,
      });
      for (const t of instants) {
        const sqlSeats = (await countedAt(sailingId, t)) - (before.get(t.getTime()) ?? 0);
        expect(sqlSeats, `${status} at ${t.toISOString()}`).toBe(
          holdsSeatsAt({ status, expiresAt }, t) ? 3 : 0,
        );
      }
    },
  );

  async function countedAt(sailingId: string, instant: Date): Promise<number> {
    const result = await handle.db.execute(
      sql`select coalesce(sum(seats), 0)::int as n from seat_windows
          where sailing_id = ${sailingId} and counts_until > ${instant.toISOString()}::timestamptz`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? Number.NaN;
  }
});

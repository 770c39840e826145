import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments } from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidCallbackBody, pay, sandboxCallback } from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe.each(testDatabases)('the seat ledger on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;

  /** The ledger as the triggers keep it, and as it should be, recomputed from every leg. */
  const ledgers = async () => {
    const kept = await handle.db.execute(
      sql`select sailing_id::text as s, counts_until::text as u, seats from seat_windows where seats <> 0 order by 1, 2`,
    );
    const truth = await handle.db.execute(
      sql`select sailing_id::text as s, seat_window_key(counts_until)::text as u, sum(seats)::int as seats
          from booking_legs where sailing_id is not null and counts_until <> '-infinity'
          group by 1, 2 order by 1, 2`,
    );
    return { kept: (kept as { rows: unknown[] }).rows, truth: (truth as { rows: unknown[] }).rows };
  };

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 20);
  });
  afterAll(() => drop());

  it('stays equal to the legs through holds, payment, expiry, late payment and deletion', async () => {
    const app = testApp(handle.db, now);
    const paid = await bookingReadyToPay(app, { date: '2026-12-01', adults: 2, trip: 'two_way' });
    const lapsed = await bookingReadyToPay(app, { date: '2026-12-01', adults: 3 });
    const late = await bookingReadyToPay(app, { date: '2026-12-01', adults: 1, sailing: 'last' });
    await bookingReadyToPay(app, { date: '2026-12-02', adults: 4 });
    for (const booking of [paid, late]) await pay(app, booking.id, 'bni');
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, paid.id));
    const body = paidCallbackBody(payment, now);
    expect(await (await sandboxCallback(app, body, { now })).json()).toEqual({ status: 'confirmed' });
    const afterPayment = await ledgers();
    expect(afterPayment.kept).toEqual(afterPayment.truth);

    await expireBookings(handle.db, minutes(90)); // the lapsed hold and the unpaid VA expire
    const [latePayment] = await handle.db.select().from(payments).where(eq(payments.bookingId, late.id));
    const lateApp = testApp(handle.db, minutes(95));
    const lateBody = paidCallbackBody(latePayment, now);
    expect(await (await sandboxCallback(lateApp, lateBody, { now: minutes(95) })).json()).toEqual({
      status: 'confirmed',
    });
    await handle.db.delete(bookings).where(eq(bookings.id, lapsed.id));

    const { kept, truth } = await ledgers();
    expect(truth.length).toBeGreaterThan(0);
    expect(kept).toEqual(truth);
  });
});

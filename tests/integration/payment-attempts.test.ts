import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments, sentMails } from '../../src/server/db/schema/payments.ts';
import type { PaymentGateway } from '../../src/server/payments/gateway.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { TEST_SANDBOX_SECRET, testApp } from '../support/app.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');

/**
 * "Pay" records its attempt, asks the gateway outside any transaction, then confirms under the sailings' and the
 * booking's locks with the clock read at that moment. Here the gateway takes long enough for the hold to lapse,
 * and meanwhile (no transaction is open, so the site keeps answering) others may take the seats.
 */
describe.each(testDatabases)('a payment attempt that outlives its hold on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;
  /** What happens while the gateway "thinks"; set per test. */
  let duringCall: () => Promise<void> = () => Promise.resolve();
  const sandbox = createSandboxGateway({
    secret: TEST_SANDBOX_SECRET,
    database: () => Promise.resolve(handle.db),
    clock,
  });
  const slowGateway: PaymentGateway = {
    ...sandbox,
    createVirtualAccount: async (request) => {
      await duringCall();
      return sandbox.createVirtualAccount(request);
    },
  };
  let app: ReturnType<typeof testApp>;

  const bookingRow = async (id: string) =>
    (await handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const seatsCounted = async (sailingId: string) => {
    const result = await handle.db.execute(
      sql`select coalesce(sum(seats), 0)::int as n from seat_windows
          where sailing_id = ${sailingId} and counts_until > ${now.toISOString()}::timestamptz`,
    );
    return (result as { rows: { n: number }[] }).rows[0]?.n ?? Number.NaN;
  };
  const holdAll = async (sailingId: string, seats: number) => {
    const rival = testApp(handle.db, clock);
    const response = await rival.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ out: sailingId, adults: seats }),
    });
    return response.status;
  };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 30));
    app = testApp(handle.db, clock, slowGateway);
  });
  afterAll(() => drop());

  it('moves on when the hold lapsed during the call but its seats are still free', async () => {
    now = start;
    const { id, sailingId } = await bookingReadyToPay(app, { date: '2026-12-10', adults: 2 });
    duringCall = () => {
      now = new Date(start.getTime() + 25 * 60_000); // past the 20-minute hold
      return Promise.resolve();
    };
    expect((await pay(app, id, 'bni')).status).toBe(200);
    const booking = await bookingRow(id);
    expect(booking?.status).toBe('awaiting_payment');
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(payment?.status).toBe('pending');
    expect(booking?.expiresAt).toEqual(payment?.expiresAt);
    expect(await seatsCounted(sailingId)).toBe(2);
  });

  it('refuses, expires the booking and tells the traveller when its seats were taken meanwhile', async () => {
    now = start;
    const { id, sailingId } = await bookingReadyToPay(app, { date: '2026-12-11', adults: 2 });
    await handle.db.execute(sql`update sailings set capacity = 2 where id = ${sailingId}`);
    let rival = 0;
    duringCall = async () => {
      now = new Date(start.getTime() + 25 * 60_000);
      rival = await holdAll(sailingId, 2); // possible only because no transaction waits on the gateway
    };
    const answer = await pay(app, id, 'bni');
    expect(rival).toBe(201);
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { message: string }).message).toMatch(/hold has expired/);
    expect((await bookingRow(id))?.status).toBe('expired');
    const [payment] = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(payment?.status).toBe('expired');
    expect(payment?.accountNumber).toMatch(/^8808\d{12}$/); // kept: a payment to it still arrives and is refunded
    expect(await seatsCounted(sailingId)).toBe(2);
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, id));
    expect(mails.map((m) => m.kind)).toEqual(['booking_expired']);
  });

  it('issues one VA when "Pay" is pressed again while the first press is at the gateway', async () => {
    now = start;
    const { id } = await bookingReadyToPay(app, { date: '2026-12-12' });
    let second: Promise<Response> | undefined;
    duringCall = () => {
      duringCall = () => Promise.resolve();
      second = Promise.resolve(pay(app, id, 'bni')); // adopts the attempt under way: same bank, same VA
      return second.then(() => undefined);
    };
    const first = await pay(app, id, 'bni');
    expect([first.status, (await second)?.status]).toEqual([200, 200]);
    const rows = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(rows.map((p) => [p.status, p.bank])).toEqual([['pending', 'bni']]);
  });
});

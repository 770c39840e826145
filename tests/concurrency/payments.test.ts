import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { paymentReceipts, payments, sentMails, tickets } from '../../src/server/db/schema/payments.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { createSandboxGateway, sandboxSignature } from '../../src/server/payments/sandbox.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { TEST_SANDBOX_SECRET } from '../support/app.ts';
import { contact, paidCallbackBody, passenger } from '../support/booking-flow.ts';
import { createPostgresDatabase } from '../support/databases.ts';
import { startApi, stop, type ApiProcess } from './support/api-processes.ts';

/** PostgreSQL only: "Pay" and a gateway's callbacks arriving at two server processes at once. */
describe('payments across two server processes on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let apis: ApiProcess[] = [];

  const call = async (
    api: ApiProcess | undefined,
    path: string,
    method: string,
    body?: unknown,
    headers = {},
  ) => {
    const response = await fetch(`${api?.url ?? ''}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as unknown };
  };

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 4 });
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, new Date(), 20);
    apis = await Promise.all([startApi(database.url), startApi(database.url)]);
  });
  afterAll(async () => {
    await Promise.all(apis.map(stop));
    await handle.close();
    await database.drop();
  });

  it('issues one VA for 10 simultaneous "Pay" presses, and confirms 10 simultaneous callbacks once', async () => {
    const day = new Date(Date.now() + 6 * 86_400_000).toISOString().slice(0, 10);
    const search = await call(
      apis[0],
      `/api/schedules?trip=two_way&from=BTC&to=HFC&date=${day}&returnDate=${day}&adults=2`,
      'GET',
    );
    const { outbound, return: back } = search.body as SearchResult;
    const held = await call(apis[0], '/api/bookings', 'POST', {
      trip: 'two_way',
      out: outbound?.sailings[0]?.id,
      ret: back?.sailings.at(-1)?.id,
      adults: 2,
    });
    const { id } = held.body as { id: string };
    const details = { contact, passengers: [passenger('Ana Putri'), passenger('Bima Putra')] };
    expect((await call(apis[1], `/api/bookings/${id}/details`, 'PUT', details)).status).toBe(204);

    const presses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(apis[i % 2], `/api/bookings/${id}/payment`, 'POST', { bank: 'bni', agree: true }),
      ),
    );
    expect(presses.map((p) => p.status)).toEqual(Array(10).fill(200));
    const issued = await handle.db.select().from(payments).where(eq(payments.bookingId, id));
    expect(issued).toHaveLength(1);
    const payment = issued[0] as typeof payments.$inferSelect;

    const raw = JSON.stringify(paidCallbackBody(payment, new Date(), { payment_id: 'race-payment-1' }));
    const signed = { 'X-Sandbox-Signature': sandboxSignature(TEST_SANDBOX_SECRET, raw) };
    const forged = await Promise.all([
      call(apis[0], '/api/payments/sandbox/callback', 'POST', raw),
      call(apis[1], '/api/payments/sandbox/callback', 'POST', raw.replace('"BNI"', '"BRI"'), signed),
    ]);
    expect(forged.map((f) => f.status)).toEqual([401, 401]);
    const callbacks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(apis[i % 2], '/api/payments/sandbox/callback', 'POST', raw, signed),
      ),
    );
    const outcomes = callbacks.map((c) => (c.body as { status: string }).status).sort();
    expect(outcomes).toEqual(['confirmed', ...Array<string>(9).fill('duplicate')]);
    const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
    expect(booking?.status).toBe('paid');
    expect(
      await handle.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, payment.id)),
    ).toHaveLength(1);
    expect(await handle.db.select().from(tickets).where(eq(tickets.bookingId, id))).toHaveLength(4);
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.bookingId, id));
    expect(mails.filter((m) => m.kind === 'booking_paid')).toHaveLength(1);
  });

  it('gives two presses asking the sandbox for one VA at once the same VA, never a key collision (200 pairs)', async () => {
    const gateway = createSandboxGateway({
      secret: TEST_SANDBOX_SECRET,
      database: () => Promise.resolve(handle.db),
    });
    const failures: unknown[] = [];
    for (let pair = 0; pair < 200; pair++) {
      const request = {
        externalId: `RACE${String(pair)}-0a1b2c`,
        bank: 'bni' as const,
        amount: 485_000,
        expiresAt: new Date(Date.now() + 3_600_000),
        name: 'Siti Rahma',
      };
      const both = await Promise.allSettled([
        gateway.createVirtualAccount(request),
        gateway.createVirtualAccount(request),
      ]);
      failures.push(...both.flatMap((one): unknown[] => (one.status === 'rejected' ? [one.reason] : [])));
      const [first, second] = both.map((one) => (one.status === 'fulfilled' ? one.value.accountNumber : ''));
      if (both.every((one) => one.status === 'fulfilled')) expect(first).toBe(second);
    }
    expect(failures).toEqual([]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe.each(testDatabases)('the expiry sweeper on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let sailingId: string;

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 3);
    const [sailing] = await handle.db.select({ id: sailings.id }).from(sailings).limit(1);
    sailingId = sailing?.id ?? '';
  });
  afterAll(() => drop());

  const statusOf = async (id: string) =>
    (await handle.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]
      ?.status;

  it('expires held and awaiting-payment bookings on time, and nothing else', async () => {
    const due = await insertBooking(handle.db, {
      code: 'EXPAAA',
      status: 'held',
      seats: 1,
      sailingId,
      expiresAt: minutes(-1),
    });
    const waiting = await insertBooking(handle.db, {
      code: 'EXPAAB',
      status: 'awaiting_payment',
      seats: 1,
      sailingId,
      expiresAt: now,
    });
    const live = await insertBooking(handle.db, {
      code: 'EXPAAC',
      status: 'held',
      seats: 1,
      sailingId,
      expiresAt: minutes(1),
    });
    const paid = await insertBooking(handle.db, {
      code: 'EXPAAD',
      status: 'paid',
      seats: 1,
      sailingId,
      expiresAt: minutes(-30),
    });
    expect((await expireBookings(handle.db, now)).sort()).toEqual([due, waiting].sort());
    expect(await statusOf(due)).toBe('expired');
    expect(await statusOf(waiting)).toBe('expired');
    expect(await statusOf(live)).toBe('held');
    expect(await statusOf(paid)).toBe('paid');
    expect(await expireBookings(handle.db, now)).toEqual([]);
  });

  it('lets two sweepers at once release each of 60 holds exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) {
      const code = `SW${'ABCDEFGH'[Math.floor(i / 8)] ?? 'Z'}${'ABCDEFGH'[i % 8] ?? 'Z'}ZZ`;
      ids.push(
        await insertBooking(handle.db, { code, status: 'held', seats: 1, sailingId, expiresAt: minutes(-5) }),
      );
    }
    // Small batches so the two sweepers really interleave.
    const sweeper = async () => {
      const released: string[] = [];
      for (
        let batch = await expireBookings(handle.db, now, 7);
        batch.length > 0;
        batch = await expireBookings(handle.db, now, 7)
      )
        released.push(...batch);
      return released;
    };
    const [first, second] = await Promise.all([sweeper(), sweeper()]);
    const all = [...first, ...second];
    expect(all.length).toBe(60);
    expect(new Set(all)).toEqual(new Set(ids));
  });
});

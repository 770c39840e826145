import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, pay } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/**
 * PostgreSQL only (a pool, so the transactions overlap): two agents extend the same payment deadlines at once (a
 * traveller who called twice). Each deadline moves once, by an hour, with one audit row; the second agent is told
 * it was extended already.
 */
const start = new Date('2026-12-21T03:00:00Z');
const BOOKINGS = 10;

describe('payment deadline extensions racing on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let api: ReturnType<typeof testApp>;
  let first: TestBrowser;
  let second: TestBrowser;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 10);
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => start);
    first = await signedInStaff({ handle, api, now: start }, 'ayu@segaraferry.co.id', 'agent');
    second = await signedInStaff({ handle, api, now: start }, 'budi@segaraferry.co.id', 'agent');
    for (let i = 0; i < BOOKINGS; i++) {
      const booking = await bookingReadyToPay(api, { date: '2026-12-24', sailing: i % 2 ? 'last' : 'first' });
      expect((await pay(api, booking.id)).status).toBe(200);
      ids.push(booking.id);
    }
  });
  afterAll(() => closeAndDrop(handle, database));

  const extend = (browser: TestBrowser, id: string) =>
    browser
      .request(`/api/staff/bookings/${id}/deadline`, {
        method: 'POST',
        json: { reason: 'Called about a slow transfer' },
      })
      .then((answer) => answer.status);

  it('extends each deadline once, by an hour, however the two agents interleave', async () => {
    const before = new Map(
      (await handle.db.select().from(bookings)).map((row) => [row.id, row.expiresAt?.getTime() ?? 0]),
    );
    const answers = await Promise.all(ids.map((id) => Promise.all([extend(first, id), extend(second, id)])));
    for (const pair of answers) expect(pair.sort()).toEqual([204, 409]);
    for (const id of ids) {
      const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, id));
      expect(row?.expiresAt?.getTime()).toBe((before.get(id) ?? 0) + 3_600_000);
      const log = await auditEntries(handle.db, { bookingId: id, action: 'booking.deadline_extended' });
      expect(log).toHaveLength(1);
    }
  });
});

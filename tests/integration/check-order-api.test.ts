import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { rateLimits } from '../../src/server/db/schema/rate-limits.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { testApp, TEST_SANDBOX_SECRET } from '../support/app.ts';
import { bookingReadyToPay, contact } from '../support/booking-flow.ts';
import { testDatabases } from '../support/databases.ts';

const now = new Date('2026-11-21T10:00:00Z');
interface Answer {
  message?: string;
  errors?: Record<string, string[]>;
  id?: string;
}

describe.each(testDatabases)('check order and rate limits on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const gateway = () =>
    createSandboxGateway({
      secret: TEST_SANDBOX_SECRET,
      database: () => Promise.resolve(handle.db),
      clock: () => now,
    });
  /** An app with tight limits; two of them on one database stand for two server processes. */
  const limited = (limits = { holds: 2, lookups: 6, codeFailures: 3 }) =>
    testApp(handle.db, now, gateway(), limits);
  const lookup = async (app: ReturnType<typeof testApp>, body: unknown, language = 'en') => {
    const response = await app.request('/api/bookings/lookup', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': language },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer };
  };

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 30);
  });
  afterAll(() => drop());
  // Every request here comes from one address: each test starts with fresh counters.
  beforeEach(async () => {
    await handle.db.delete(rateLimits);
  });

  it('asks for the booking code and the e-mail in the reader language, and refuses a malformed code', async () => {
    const app = testApp(handle.db, now);
    const empty = await lookup(app, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ code: ['Booking code is required'], email: ['Email is required'] });
    const indonesian = await lookup(app, { code: '', email: '' }, 'id');
    expect(indonesian.body.errors?.code).toEqual(['Kode booking wajib diisi']);
    expect((await lookup(app, { code: 'K0O1', email: contact.email })).status).toBe(400);
    const broken = await app.request('/api/bookings/lookup', { method: 'POST', body: '{' });
    expect(broken.status).toBe(400);
  });

  it('finds a booking by code (any case, spaces or dashes) and e-mail (any case)', async () => {
    const app = testApp(handle.db, now);
    const { id, code } = await bookingReadyToPay(app, { date: '2026-12-01' });
    const typed = `${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`;
    const found = await lookup(app, { code: typed, email: contact.email.toUpperCase() });
    expect(found).toMatchObject({ status: 200, body: { id } });
  });

  it('answers one neutral message whether the code or the e-mail is wrong', async () => {
    const app = testApp(handle.db, now);
    const { code } = await bookingReadyToPay(app, { date: '2026-12-02' });
    const wrongEmail = await lookup(app, { code, email: 'someone@example.com' });
    const wrongCode = await lookup(app, { code: 'ZZZZZZ', email: contact.email });
    expect(wrongEmail.status).toBe(404);
    expect(wrongCode).toEqual(wrongEmail);
    expect(wrongEmail.body.message).toMatch(/could not find a booking/);
  });

  it('locks a code after 3 wrong e-mails from one address, even for the right one, across processes', async () => {
    const { code } = await bookingReadyToPay(testApp(handle.db, now), { date: '2026-12-03' });
    const [first, second] = [limited(), limited()];
    const answers = [
      await lookup(first, { code, email: 'a@example.com' }),
      await lookup(second, { code, email: 'b@example.com' }),
      await lookup(first, { code, email: 'c@example.com' }),
      await lookup(second, { code, email: contact.email }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 429]);
    expect(answers[3]?.body.message).toMatch(/Too many attempts\. Please try again in 60 min\./);
  });

  it("locks a stranger's address out of a code, not the owner, and meets a crowd with a ceiling per code", async () => {
    const { code } = await bookingReadyToPay(testApp(handle.db, now), { date: '2026-12-06' });
    // Behind one proxy of ours: the address it saw is X-Forwarded-For's last entry, whatever the client put first.
    const app = testApp(
      handle.db,
      now,
      gateway(),
      { holds: 2, lookups: 100, codeFailures: 3, codeFailuresTotal: 7 },
      1,
    );
    const from = async (address: string, email: string, spoofed = '203.0.113.99') => {
      const response = await app.request('/api/bookings/lookup', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `${spoofed}, ${address}` },
        body: JSON.stringify({ code, email }),
      });
      return response.status;
    };
    const stranger = [];
    // The stranger varies the entry it controls: it still counts as one address.
    for (let i = 0; i < 4; i++)
      stranger.push(await from('198.51.100.7', 'guess@example.com', `10.0.0.${String(i)}`));
    expect(stranger).toEqual([404, 404, 404, 429]);
    expect(await from('198.51.100.7', contact.email)).toBe(429);
    expect(await from('192.0.2.10', contact.email)).toBe(200); // the owner, elsewhere
    // Four more wrong guesses from other addresses reach the code's ceiling of 7: now it is locked everywhere.
    const crowd = [];
    for (let i = 1; i <= 5; i++) crowd.push(await from(`192.0.2.${String(100 + i)}`, 'guess@example.com'));
    expect(crowd).toEqual([404, 404, 404, 404, 429]);
    expect(await from('192.0.2.10', contact.email)).toBe(429);
  });

  it('limits lookups per address, counted by every process on the database', async () => {
    const { code } = await bookingReadyToPay(testApp(handle.db, now), { date: '2026-12-04' });
    const limits = { holds: 2, lookups: 4, codeFailures: 100 };
    const [first, second] = [limited(limits), limited(limits)];
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await lookup(i % 2 ? second : first, { code, email: contact.email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('limits holds per address and writes nothing when it refuses', async () => {
    const app = limited({ holds: 2, lookups: 100, codeFailures: 100 });
    const before = await handle.db.select({ n: count() }).from(bookings);
    await bookingReadyToPay(app, { date: '2026-12-05' });
    await bookingReadyToPay(app, { date: '2026-12-05' });
    await expect(bookingReadyToPay(app, { date: '2026-12-05' })).rejects.toThrow(/hold failed: 429/);
    const after = await handle.db.select({ n: count() }).from(bookings);
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
  });
});

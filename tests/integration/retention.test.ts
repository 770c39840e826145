import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { savedPassengers, users } from '../../src/server/db/schema/accounts.ts';
import { refunds, tickets } from '../../src/server/db/schema/payments.ts';
import { rateLimits } from '../../src/server/db/schema/rate-limits.ts';
import { upsertNetwork } from '../../src/server/db/seed.ts';
import { clearAttemptRecords } from '../../src/server/jobs/clear-attempt-records.ts';
import { erasePassports } from '../../src/server/jobs/erase-passports.ts';
import { eraseRefundAccounts } from '../../src/server/jobs/erase-refund-accounts.ts';
import { applyRetention } from '../../src/server/jobs/retention.ts';
import { startJobs } from '../../src/server/jobs/scheduler.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import { Network } from '../../src/server/network.ts';
import { createSandboxGateway } from '../../src/server/payments/sandbox.ts';
import { TEST_SANDBOX_SECRET } from '../support/app.ts';
import { paidBookingWithPassport, passportOf, refundToAccount, sailingAt } from '../factories/retention.ts';
import { testDatabases } from '../support/databases.ts';

const DAY = 86_400_000;
/** Noon in Batam (05:00 UTC) `days` after the Batam date of `date`. */
const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T05:00:00Z`) + days * DAY);
/** 09:00 in Batam on `date`. */
const morningOf = (date: string) => new Date(`${date}T02:00:00Z`);
const bookedAt = new Date('2026-05-01T03:00:00Z');

describe.each(testDatabases)('retention on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const sailing = new Map<string, string>();
  /** The sailing departing on `date` (09:00 in Batam). */
  const on = (date: string) => sailing.get(date) ?? '';

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    await upsertNetwork(handle.db, loadNetworkData());
    for (const date of ['2026-06-10', '2026-06-30', '2026-07-20'])
      sailing.set(date, await sailingAt(handle.db, morningOf(date)));
  });
  afterAll(() => drop());

  it('keeps a passport through day 89 after the last travel date, erases it on day 91, once', async () => {
    const db = handle.db;
    const oneWay = await paidBookingWithPassport(db, {
      passport: 'A1000001',
      bookedAt,
      legs: [{ leg: 0, sailingId: on('2026-06-10') }],
    });
    const cancelled = await paidBookingWithPassport(db, {
      passport: 'A1000002',
      bookedAt,
      legs: [{ leg: 0, sailingId: on('2026-06-10') }],
      ticketStatus: 'cancelled',
    });
    // The account's Passenger list holds the same passport: not booking data, never erased by this.
    const [user] = await db
      .insert(users)
      .values({ email: 'siti@example.com', fullName: 'Siti Rahma' })
      .returning({ id: users.id });
    await db.insert(savedPassengers).values({
      userId: user?.id ?? '',
      fullName: 'Siti Rahma',
      dateOfBirth: '1990-04-02',
      passportNumber: 'A1000001',
      passportIssued: '2022-01-10',
      passportExpiry: '2032-01-09',
      passportCountry: 'ID',
    });

    expect(await erasePassports(db, dayAfter('2026-06-10', 89))).toBe(0);
    expect((await passportOf(db, oneWay)).passportNumber).toBe('A1000001');

    const day91 = dayAfter('2026-06-10', 91);
    expect(await erasePassports(db, day91)).toBe(2);
    const erased = await passportOf(db, oneWay);
    expect(erased).toMatchObject({
      passportNumber: null,
      passportIssued: null,
      passportExpiry: null,
      passportErasedAt: day91,
      // What the ticket record keeps: the person, the issuing country, the e-ticket.
      fullName: 'Siti Rahma',
      dateOfBirth: '1990-04-02',
      passportCountry: 'ID',
      eTicketNumber: expect.any(String) as string,
    });
    // A cancelled booking that never travelled counts from the sailing it was booked on, like any other.
    expect((await passportOf(db, cancelled)).passportNumber).toBeNull();
    expect(await db.select().from(tickets).where(eq(tickets.bookingId, oneWay))).toHaveLength(1);
    const [saved] = await db
      .select()
      .from(savedPassengers)
      .where(eq(savedPassengers.userId, user?.id ?? ''));
    expect(saved?.passportNumber).toBe('A1000001');

    // Again, later, or from another process: nothing more, and the erasure keeps its first date.
    expect(await erasePassports(db, day91)).toBe(0);
    expect(await erasePassports(db, dayAfter('2026-06-10', 120))).toBe(0);
    expect((await passportOf(db, oneWay)).passportErasedAt).toEqual(day91);
  });

  it('counts from the later leg of a two-way booking, and from a rescheduled ticket’s later sailing', async () => {
    const db = handle.db;
    const twoWay = await paidBookingWithPassport(db, {
      passport: 'B2000001',
      bookedAt,
      legs: [
        { leg: 0, sailingId: on('2026-06-10') },
        { leg: 1, sailingId: on('2026-07-20') },
      ],
    });
    const rescheduled = await paidBookingWithPassport(db, {
      passport: 'B2000002',
      bookedAt,
      legs: [
        { leg: 0, segment: 0, sailingId: on('2026-06-10') },
        { leg: 0, segment: 1, sailingId: on('2026-06-30') },
      ],
    });
    await erasePassports(db, dayAfter('2026-06-10', 91));
    expect((await passportOf(db, twoWay)).passportNumber).toBe('B2000001');
    expect((await passportOf(db, rescheduled)).passportNumber).toBe('B2000002');

    await erasePassports(db, dayAfter('2026-06-30', 89));
    expect((await passportOf(db, rescheduled)).passportNumber).toBe('B2000002');
    await erasePassports(db, dayAfter('2026-06-30', 91));
    expect((await passportOf(db, rescheduled)).passportNumber).toBeNull();
    expect((await passportOf(db, twoWay)).passportNumber).toBe('B2000001');

    await erasePassports(db, dayAfter('2026-07-20', 89));
    expect((await passportOf(db, twoWay)).passportNumber).toBe('B2000001');
    await erasePassports(db, dayAfter('2026-07-20', 91));
    expect((await passportOf(db, twoWay)).passportNumber).toBeNull();
  });

  it('keeps an open ticket’s passport until 90 days after the ticket could last be used', async () => {
    const db = handle.db;
    // Issued 2026-06-01: usable until 2026-09-01 (3 months), so kept through 2026-11-30.
    const open = await paidBookingWithPassport(db, {
      passport: 'C3000001',
      bookedAt: new Date('2026-06-01T03:00:00Z'),
      legs: [{ leg: 0 }],
    });
    await erasePassports(db, dayAfter('2026-06-10', 91));
    expect((await passportOf(db, open)).passportNumber).toBe('C3000001');
    await erasePassports(db, dayAfter('2026-09-01', 89));
    expect((await passportOf(db, open)).passportNumber).toBe('C3000001');
    await erasePassports(db, dayAfter('2026-09-01', 91));
    expect((await passportOf(db, open)).passportNumber).toBeNull();
  });

  it('reaches every due booking in batches, however many kept ones come first', async () => {
    const db = handle.db;
    const made: { id: string; due: boolean }[] = [];
    for (let i = 0; i < 7; i++) {
      const due = i % 2 === 1;
      const id = await paidBookingWithPassport(db, {
        passport: `D400000${i}`,
        bookedAt: due ? bookedAt : new Date('2026-10-01T03:00:00Z'),
        legs: due ? [{ leg: 0, sailingId: on('2026-06-10') }] : [{ leg: 0 }],
      });
      made.push({ id, due });
    }
    const now = dayAfter('2026-10-01', 30);
    expect(await erasePassports(db, now, 2)).toBe(3);
    for (const { id, due } of made) expect((await passportOf(db, id)).passportNumber === null).toBe(due);
  });

  it('deletes a refund’s bank account 90 days after it was paid, never one still owed', async () => {
    const db = handle.db;
    const booking = await paidBookingWithPassport(db, {
      passport: 'E5000001',
      bookedAt,
      legs: [{ leg: 0, sailingId: on('2026-07-20') }],
    });
    const paidAt = new Date('2026-07-01T04:00:00Z');
    const paid = await refundToAccount(db, booking, paidAt);
    const owed = await refundToAccount(db, booking);
    const after = (days: number) => new Date(paidAt.getTime() + days * DAY);
    const refund = async (id: string) => (await db.select().from(refunds).where(eq(refunds.id, id)))[0];

    expect(await eraseRefundAccounts(db, after(89))).toBe(0);
    expect((await refund(paid))?.accountNumber).toBe('1234567890');

    expect(await eraseRefundAccounts(db, after(91))).toBe(1);
    expect(await refund(paid)).toMatchObject({
      bank: null,
      accountNumber: null,
      accountHolder: null,
      status: 'done',
      amount: 350_000,
      paidAt,
      transferReference: 'TRF-0001',
    });
    expect(await refund(owed)).toMatchObject({ status: 'queued', accountNumber: '1234567890' });
    expect(await eraseRefundAccounts(db, after(91))).toBe(0);
  });

  it('deletes the attempt counters keyed by client addresses once their window has ended', async () => {
    const db = handle.db;
    const now = new Date('2026-09-01T05:00:00Z');
    await db.insert(rateLimits).values([
      { key: 'lookup-ip:ended', points: 3, expire: new Date(now.getTime() - 60_000) },
      { key: 'lookup-ip:running', points: 3, expire: new Date(now.getTime() + 60_000) },
    ]);
    expect(await clearAttemptRecords(db, now)).toBe(1);
    expect((await db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual([
      'lookup-ip:running',
    ]);
    expect(await clearAttemptRecords(db, now)).toBe(0);
  });

  it('runs all three as one job, and a second run at once finds nothing', async () => {
    const db = handle.db;
    const booking = await paidBookingWithPassport(db, {
      passport: 'F6000001',
      bookedAt,
      legs: [{ leg: 0, sailingId: on('2026-06-10') }],
    });
    await refundToAccount(db, booking, new Date('2026-06-05T04:00:00Z'));
    const now = dayAfter('2026-12-31', 0);
    await db.insert(rateLimits).values({ key: 'hold-ip:old', points: 1, expire: new Date('2026-12-01') });
    const runs = await Promise.all([applyRetention(db, now), applyRetention(db, now)]);
    const total = (key: 'passports' | 'refundAccounts' | 'attemptRecords') =>
      runs.reduce((sum, run) => sum + run[key], 0);
    // Two runs side by side (two processes) erase each row once between them: this booking's passport and the
    // refund test's (its sailing was 2026-07-20), this refund's account, this counter and the one left running.
    expect([total('passports'), total('refundAccounts'), total('attemptRecords')]).toEqual([2, 1, 2]);
    expect((await passportOf(db, booking)).passportNumber).toBeNull();
    expect(await applyRetention(db, now)).toEqual({ passports: 0, refundAccounts: 0, attemptRecords: 0 });
  });

  it('is run by every process’s sweep', async () => {
    const db = handle.db;
    const booking = await paidBookingWithPassport(db, {
      passport: 'G7000001',
      bookedAt,
      legs: [{ leg: 0, sailingId: on('2026-06-10') }],
    });
    const clock = () => dayAfter('2026-06-10', 91);
    const database = () => Promise.resolve(db);
    const mailer = { send: () => Promise.reject(new Error('no mail is queued here')) };
    const jobs = startJobs(
      database,
      clock,
      { mailer, network: new Network(loadNetworkData()), siteUrl: 'https://example.test' },
      createSandboxGateway({ secret: TEST_SANDBOX_SECRET, database, clock }),
      1,
    );
    try {
      await jobs.sweepNow();
      expect((await passportOf(db, booking)).passportNumber).toBeNull();
    } finally {
      await jobs.stop();
    }
  });
});

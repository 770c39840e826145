import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portTime } from '../../src/domain/port-time.ts';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { supersededBoardingPasses } from '../../src/server/db/schema/boarding.ts';
import { sentMails } from '../../src/server/db/schema/payments.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import { paidBookingsOn } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/**
 * PostgreSQL only (a pool, so the transactions overlap): two admins record the same operator's delay at once, from
 * the same dry run, while travellers check in. The sailing is delayed once (the second admin is told it moved since
 * the dry run), every pass issued before it is superseded once, and every booking is mailed the delay once. Shown
 * failing without the fix: without the sailing's `for('update')` in use-cases/staff-delay-sailing.ts both admins
 * read the old departure, both answered 200 and each booking's delay mail was queued twice.
 */
const start = new Date('2026-11-21T10:00:00Z');
const ROUNDS = 4;

describe('an operator’s delay racing another admin and check-ins on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let api: ReturnType<typeof testApp>;
  let first: TestBrowser;
  let second: TestBrowser;
  const rounds: { sailingId: string; departsAt: Date; bookings: { id: string; tickets: string[] }[] }[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 10);
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => start);
    first = await signedInStaff({ handle, api, now: start }, 'admin@segaraferry.co.id', 'admin');
    second = await signedInStaff({ handle, api, now: start }, 'admin2@segaraferry.co.id', 'admin');
    // Sailings open for check-in now, each with two paid bookings, one of them checked in already.
    const open = await handle.db
      .select({ id: sailings.id, departsAt: sailings.departsAt })
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, 'btc-hfc'),
          gt(sailings.departsAt, new Date(start.getTime() + 2 * 3_600_000)),
        ),
      )
      .orderBy(asc(sailings.departsAt))
      .limit(ROUNDS);
    for (const sailing of open) {
      const round = {
        sailingId: sailing.id,
        departsAt: sailing.departsAt,
        bookings: [] as { id: string; tickets: string[] }[],
      };
      round.bookings.push(
        ...(await paidBookingsOn(api, handle.db, { id: sailing.id, date: '2026-11-22' }, 2, start)),
      );
      rounds.push(round);
    }
  });
  afterAll(() => closeAndDrop(handle, database));

  const checkIn = async (booking: { id: string; tickets: string[] }) =>
    (
      await api.request(`/api/bookings/${booking.id}/check-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ tickets: booking.tickets }),
      })
    ).status;

  it('delays once, supersedes each earlier pass once and mails each booking once, however they interleave', async () => {
    for (const round of rounds) {
      const [early, late] = round.bookings;
      if (!early || !late) throw new Error('two bookings per round');
      expect(await checkIn(early)).toBe(200);
      // The dry run both admins read: the departure shown and the travellers counted.
      const shown = portTime(round.departsAt, 'Asia/Jakarta');
      const later = portTime(new Date(round.departsAt.getTime() + 47 * 60_000), 'Asia/Jakarta');
      const delay = async (browser: TestBrowser) =>
        (
          await browser.request(`/api/staff/sailings/${round.sailingId}/delay`, {
            method: 'POST',
            json: {
              departure: `${later.date}T${later.time}`,
              from: `${shown.date}T${shown.time}`,
              noticeEn: 'Late vessel from Singapore.',
              noticeId: 'Kapal terlambat dari Singapura.',
            },
          })
        ).status;
      // The two admins and a check-in, in a random order each round.
      const jobs = [
        { who: 'first', run: () => delay(first) },
        { who: 'second', run: () => delay(second) },
        { who: 'check-in', run: () => checkIn(late) },
      ].sort(() => Math.random() - 0.5);
      const answers = await Promise.all(jobs.map((job) => job.run()));
      const statusOf = (who: string) => answers[jobs.findIndex((job) => job.who === who)];
      expect([statusOf('first'), statusOf('second')].sort()).toEqual([200, 409]);
      // Open under the old time and the new one: it lands, before the delay (superseded) or after.
      expect(statusOf('check-in')).toBe(200);
      const delays = (await auditEntries(handle.db, { action: 'sailing.delayed' })).filter(
        (row) => row.subjectId === round.sailingId,
      );
      expect(delays).toHaveLength(1);
      const superseded = await handle.db.select().from(supersededBoardingPasses);
      const mine = superseded.filter((row) => [...early.tickets, ...late.tickets].includes(row.ticketNumber));
      const passes = (delays[0]?.after as { passesSuperseded: string[] }).passesSuperseded;
      expect(mine.map((row) => row.ticketNumber).sort()).toEqual([...passes].sort());
      expect(passes).toEqual(expect.arrayContaining(early.tickets));
      for (const row of mine) expect(row.departure.toISOString()).toBe(round.departsAt.toISOString());
      for (const booking of round.bookings) {
        const told = await handle.db
          .select()
          .from(sentMails)
          .where(and(eq(sentMails.bookingId, booking.id), eq(sentMails.kind, 'sailing_delayed')));
        // Queued once: a second delay would have queued it again (version 1).
        expect(told.map((mail) => mail.version)).toEqual([0]);
      }
    }
  });
});

import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { auditEntries } from '../../src/server/services/audit.ts';
import { sentMails, tickets } from '../../src/server/db/schema/payments.ts';
import { registerTestWebClient, testApp } from '../support/app.ts';
import type { TestBrowser } from '../support/browser.ts';
import { bookingReadyToPay, paidBookingsOn, payInFull } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';
import { signedInStaff } from '../support/staff.ts';

/**
 * PostgreSQL only (a pool, so the transactions overlap): travellers check in while an admin records the operator's
 * cancellation of their sailing from the console. A check-in shares the sailing's lock and the cancellation takes it
 * for update, so each check-in lands wholly before (its booking is then mailed like every other) or is refused as
 * cancelled: the boarding passes on the sailing are exactly those the cancellation counted under its lock, and every
 * booking is told once. Two admins cancelling at once: one does it, the other is told it is done, one mail each.
 * Shown failing without the fixes: with check-in's sailing lock dropped (`sailings: 'share'` in use-cases/check-in.ts),
 * check-ins that read the sailing before the cancellation committed issued passes after it; without the sailing's
 * `for('update')` in cancel-sailing.ts, both admins cancelled and every mail was queued twice.
 */
const start = new Date('2026-11-21T10:00:00Z');
const ROUNDS = 6;

describe('check-in racing an operator’s cancellation on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let api: ReturnType<typeof testApp>;
  let admin: TestBrowser;
  const rounds: { sailingId: string; bookings: { id: string; tickets: string[] }[] }[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 10);
    await registerTestWebClient(handle.db);
    api = testApp(handle.db, () => start);
    admin = await signedInStaff({ handle, api, now: start }, 'admin@segaraferry.co.id', 'admin');
    // Sailings open for check-in now (1 to 24 hours ahead), each with three paid bookings.
    const open = await handle.db
      .select({ id: sailings.id })
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, 'btc-hfc'),
          gt(sailings.departsAt, new Date(start.getTime() + 2 * 3_600_000)),
          lt(sailings.departsAt, new Date(start.getTime() + 23 * 3_600_000)),
        ),
      )
      .orderBy(asc(sailings.departsAt))
      .limit(ROUNDS);
    expect(open.length).toBeGreaterThanOrEqual(3);
    for (const sailing of open) {
      const round = { sailingId: sailing.id, bookings: [] as { id: string; tickets: string[] }[] };
      round.bookings.push(
        ...(await paidBookingsOn(api, handle.db, { id: sailing.id, date: '2026-11-22' }, 3, start)),
      );
      rounds.push(round);
    }
  });
  afterAll(() => closeAndDrop(handle, database));

  let lastBookings: string[] = [];
  /** A sailing of the next day with two paid bookings on it, for the two admins. */
  async function openSailingWithBooking(): Promise<string> {
    const [sailing] = await handle.db
      .select({ id: sailings.id })
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, 'btc-hfc'),
          eq(sailings.status, 'scheduled'),
          gt(sailings.departsAt, new Date(start.getTime() + 30 * 3_600_000)),
        ),
      )
      .orderBy(asc(sailings.departsAt))
      .limit(1);
    const id = sailing?.id ?? '';
    lastBookings = [];
    for (let i = 0; i < 2; i++) {
      const { id: bookingId } = await bookingReadyToPay(api, { date: '2026-11-22', sailing: { id } });
      await payInFull(api, handle.db, bookingId, start);
      lastBookings.push(bookingId);
    }
    return id;
  }

  const checkIn = async (booking: { id: string; tickets: string[] }) =>
    (
      await api.request(`/api/bookings/${booking.id}/check-in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          tickets: booking.tickets,
          travellers: booking.tickets.map((ticket) => ({ ticket, nationality: 'ID', sex: 'F' })),
        }),
      })
    ).status;

  it('lets each check-in land before the cancellation or be refused, and tells every booking once', async () => {
    for (const round of rounds) {
      // The cancellation starts among the check-ins, at a random place each round.
      const at = Math.floor(Math.random() * (round.bookings.length + 1));
      const cancel = () =>
        admin
          .request(`/api/staff/sailings/${round.sailingId}/cancellation`, {
            method: 'POST',
            json: { noticeEn: 'Bad weather at sea.', noticeId: 'Cuaca buruk di laut.' },
          })
          .then((answer) => answer.status);
      const work = round.bookings.map((booking) => () => checkIn(booking));
      work.splice(at, 0, cancel);
      const answers = await Promise.all(work.map((run) => run()));
      expect(answers[at]).toBe(200);
      const checkIns = answers.filter((_, index) => index !== at);
      for (const status of checkIns) expect([200, 409]).toContain(status);
      for (const booking of round.bookings) {
        const mails = await handle.db
          .select()
          .from(sentMails)
          .where(and(eq(sentMails.bookingId, booking.id), eq(sentMails.kind, 'sailing_cancelled')));
        // Checked in or not, every booking on the sailing was told, once.
        expect(mails).toHaveLength(1);
      }
      const [sailing] = await handle.db.select().from(sailings).where(eq(sailings.id, round.sailingId));
      expect(sailing?.status).toBe('cancelled');
      // Each answer says what happened, and no pass was issued after the cancellation counted them.
      let passes = 0;
      for (const [index, booking] of round.bookings.entries()) {
        const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
        const checkedIn = rows.filter((row) => row.status === 'checked_in').length;
        expect(checkedIn).toBe(checkIns[index] === 200 ? booking.tickets.length : 0);
        passes += checkedIn;
      }
      const [logged] = await auditEntries(handle.db, { action: 'sailing.cancelled' });
      expect(logged).toMatchObject({ subjectId: round.sailingId, after: { checkedIn: passes } });
    }
  });

  it('cancels once when two admins press at once, and mails each booking once', async () => {
    const second = await signedInStaff({ handle, api, now: start }, 'admin2@segaraferry.co.id', 'admin');
    const sailingId = await openSailingWithBooking();
    const cancel = (browser: TestBrowser) =>
      browser
        .request(`/api/staff/sailings/${sailingId}/cancellation`, {
          method: 'POST',
          json: { noticeEn: 'Bad weather at sea.', noticeId: 'Cuaca buruk di laut.' },
        })
        .then((answer) => answer.status);
    const answers = await Promise.all([cancel(admin), cancel(second)]);
    expect(answers.sort()).toEqual([200, 409]);
    const logged = (await auditEntries(handle.db, { action: 'sailing.cancelled' })).filter(
      (row) => row.subjectId === sailingId,
    );
    expect(logged).toHaveLength(1);
    const mails = await handle.db.select().from(sentMails).where(eq(sentMails.kind, 'sailing_cancelled'));
    const told = mails.filter((mail) => lastBookings.includes(mail.bookingId));
    expect(told.map((mail) => mail.version)).toEqual(told.map(() => told[0]?.version));
    expect(told).toHaveLength(lastBookings.length);
  });
});

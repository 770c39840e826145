import { readFileSync } from 'node:fs';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.ts';
import { sailingsWithSeats } from '../../src/server/db/queries/inventory.ts';
import { bookingLegs } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { refunds, tickets } from '../../src/server/db/schema/payments.ts';
import { createApp } from '../../src/server/http/app.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testApp, testDeps } from '../support/app.ts';
import { bookingReadyToPay, payInFull } from '../support/booking-flow.ts';
import { closeAndDrop, createPostgresDatabase, seeded } from '../support/databases.ts';
import { accessForPath } from '../support/booking-access.ts';

/**
 * PostgreSQL only (a pool of connections, so transactions really overlap; PGlite has one connection): after-sales
 * changes racing each other. Reschedules racing for the last seats of one sailing (and, with the sailing locks
 * off, the oversell those locks prevent), and a cancellation racing a check-in of the same ticket.
 */
const start = new Date('2026-11-21T10:00:00Z'); // Saturday, 17:00 in Batam
const en = JSON.parse(readFileSync('messages/en.json', 'utf8')) as Record<string, string>;
const TRAVELLERS = 50;
const FREE_SEATS = 5;
/** Travellers start on the first and last sailings of these days (Batam Centre - HarbourFront). */
const OLD_DATES = ['2026-11-23', '2026-11-24', '2026-11-25'];
/** The hot sailings they move to: one a race, later the same route, already carrying a group of 15. */
const HOT_DATE = '2026-11-27';
/** The check-in race: the first sailing of this day. */
const CHECK_IN_DATE = '2026-11-29';
const ROUNDS = 20;
const account = { bank: 'BCA', accountNumber: '1234567890', accountHolder: 'Siti Rahma' };
const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ agree: true, ...(body as object) }),
});
interface Answer {
  status: number;
  body: { errors?: Record<string, string[]> };
}

describe('after-sales races on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;
  /** The same API with the sailing locks off: only to show the reschedule test catches the oversell. */
  let unlocked: ReturnType<typeof testApp>;
  let hotSailings: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    handle = await openDatabase({ url: database.url, poolMax: 16 });
    await seeded({ handle, drop: database.drop }, start, 12);
    app = testApp(handle.db, clock);
    unlocked = createApp({ ...testDeps(handle.db, clock), lockSeats: false });
    const from = new Date(`${HOT_DATE}T00:00:00+07:00`);
    const day = await handle.db
      .select({ id: sailings.id })
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, 'btc-hfc'),
          gte(sailings.departsAt, from),
          lt(sailings.departsAt, new Date(from.getTime() + 86_400_000)),
        ),
      )
      .orderBy(asc(sailings.departsAt));
    hotSailings = day.slice(1, 6).map((s) => s.id);
  });
  afterAll(() => closeAndDrop(handle, database));

  async function send(api: typeof app, path: string, body: unknown): Promise<Answer> {
    const request = json(body);
    const response = await api.request(path, {
      ...request,
      headers: { ...request.headers, ...accessForPath(path, now) },
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  /** Paid bookings of `adults` on the first (and, `both`, the last) sailings of `dates`, booked at `start`. */
  async function paidBookings(count: number, dates: string[], adults = 1, both = true) {
    now = start;
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const date = dates[i % dates.length] ?? '';
        const sailing = both && i % 2 === 1 ? 'last' : 'first';
        const { id, sailingId } = await bookingReadyToPay(app, { date, adults, sailing });
        await payInFull(app, handle.db, id, now);
        const own = await handle.db
          .select({ ticketNumber: tickets.ticketNumber })
          .from(tickets)
          .where(eq(tickets.bookingId, id))
          .orderBy(asc(tickets.ticketNumber));
        return { id, sailingId, tickets: own.map((t) => t.ticketNumber) };
      }),
    );
  }

  /** Seats the ledger counts on each sailing now, and the tickets still travelling on it. */
  async function seatsAndTickets(ids: string[]) {
    const rows = await sailingsWithSeats(handle.db, ids, now);
    const travelling = await handle.db
      .select({ sailingId: bookingLegs.sailingId, n: sql<number>`count(*)::int` })
      .from(tickets)
      .innerJoin(
        bookingLegs,
        and(
          eq(bookingLegs.bookingId, tickets.bookingId),
          eq(bookingLegs.leg, tickets.leg),
          eq(bookingLegs.segment, tickets.segment),
        ),
      )
      .where(
        and(
          inArray(bookingLegs.sailingId, ids),
          inArray(tickets.status, ['active', 'claimed', 'checked_in']),
        ),
      )
      .groupBy(bookingLegs.sailingId);
    return ids.map((id) => {
      const row = rows.find((r) => r.id === id);
      const onIt = travelling.find((t) => t.sailingId === id)?.n ?? 0;
      return { id, capacity: row?.capacity ?? 0, taken: row?.taken ?? 0, tickets: onIt };
    });
  }
  const total = (rows: { taken: number }[]) => rows.reduce((sum, r) => sum + r.taken, 0);

  /** 50 paid travellers on the old sailings, all moving at once onto a hot sailing with 5 seats left. */
  async function rescheduleRace(api: typeof app, round: number) {
    const hot = hotSailings[round] ?? '';
    const travellers = await paidBookings(TRAVELLERS, OLD_DATES);
    // A group of 15 already on it, and room for 5 more.
    await insertBooking(handle.db, {
      code: `HOTGR${String(round)}`,
      status: 'paid',
      sailingId: hot,
      seats: 15,
    });
    await handle.db
      .update(sailings)
      .set({ capacity: 15 + FREE_SEATS })
      .where(eq(sailings.id, hot));
    const old = [...new Set(travellers.map((t) => t.sailingId))];
    const before = await seatsAndTickets(old);
    const answers = await Promise.all(
      travellers.map((t) =>
        send(api, `/api/bookings/${t.id}/reschedule`, {
          tickets: t.tickets,
          sailing: hot,
          payment: 'counter', // the other operator's sailings cost a fee at the counter
        }),
      ),
    );
    const [target] = await seatsAndTickets([hot]);
    const after = await seatsAndTickets(old);
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    return {
      answers,
      moved: count(200),
      soldOut: count(409),
      target: target ?? { id: hot, capacity: 0, taken: 0, tickets: 0 },
      oversold: (target?.taken ?? 0) - (target?.capacity ?? 0),
      oldRegained: total(before) - total(after),
      old: after,
    };
  }

  it('gives the 5 free seats of a hot sailing to exactly 5 of 50 travellers moving at once', async () => {
    const race = await rescheduleRace(app, 0);
    console.info(
      `with the locks: ${String(race.moved)} moved, ${String(race.soldOut)} sold out, oversold ${String(race.oversold)}`,
    );
    expect(race.moved).toBe(FREE_SEATS);
    expect(race.soldOut).toBe(TRAVELLERS - FREE_SEATS);
    for (const refused of race.answers.filter((a) => a.status === 409))
      expect(refused.body.errors?.sailing).toEqual([en.reschedule_error_sold_out]);
    expect(race.target.taken).toBe(race.target.capacity);
    expect(race.oversold).toBe(0);
    // The seats left the old sailings, exactly as many as moved, and every sailing counts its travelling tickets.
    expect(race.oldRegained).toBe(FREE_SEATS);
    expect(race.old.map((s) => s.taken)).toEqual(race.old.map((s) => s.tickets));
    expect(race.target.tickets).toBe(FREE_SEATS); // the group of 15 holds seats without tickets (a factory booking)
  }, 60_000);

  it('oversells with the sailing locks off: the test above can catch the race', async () => {
    // A race is a matter of timing: up to four tries, each with 50 new travellers and a new hot sailing.
    let worst = 0;
    for (let round = 1; round < hotSailings.length && worst <= 0; round++) {
      const race = await rescheduleRace(unlocked, round);
      console.info(
        `without the locks: ${String(race.moved)} moved for ${String(FREE_SEATS)} seats, oversold ${String(race.oversold)}`,
      );
      expect(race.answers.filter((a) => a.status >= 500)).toEqual([]);
      // Still consistent bookkeeping, just too many seats: what left the old sailings arrived on the hot one.
      expect(race.oldRegained).toBe(race.moved);
      worst = Math.max(worst, race.oversold);
    }
    expect(worst).toBeGreaterThan(0);
  }, 240_000);

  it('a cancellation racing a check-in of the same ticket: one wins, the other is refused, seats agree', async () => {
    const bookings = await paidBookings(ROUNDS, [CHECK_IN_DATE], 2, false);
    const sailingId = bookings[0]?.sailingId ?? '';
    const [sailing] = await handle.db.select().from(sailings).where(eq(sailings.id, sailingId));
    // 12 hours before it leaves: check-in is open (24 h to 1 h) and cancelling too (until 2 h).
    now = new Date((sailing?.departsAt.getTime() ?? 0) - 12 * 3_600_000);
    const outcomes: string[] = [];
    try {
      for (const [round, booking] of bookings.entries()) {
        const ticket = booking.tickets[0] ?? '';
        const cancel = () =>
          send(app, `/api/bookings/${booking.id}/cancellation`, { tickets: [ticket], ...account });
        const checkIn = () => send(app, `/api/bookings/${booking.id}/check-in`, { tickets: [ticket] });
        // Who starts first alternates, the other a moment later, so each side wins some rounds.
        const later = <T>(call: () => Promise<T>) =>
          new Promise<T>((resolve, reject) => {
            setTimeout(() => void call().then(resolve, reject), round % 4 < 2 ? 0 : 2);
          });
        const [cancelled, checkedIn] =
          round % 2 === 0
            ? await Promise.all([cancel(), later(checkIn)])
            : await Promise.all([later(cancel), checkIn()]);

        const [row] = await handle.db.select().from(tickets).where(eq(tickets.ticketNumber, ticket));
        const refunded = await handle.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
        const [leg] = await handle.db.select().from(bookingLegs).where(eq(bookingLegs.bookingId, booking.id));
        if (row?.status === 'cancelled') {
          outcomes.push('cancelled');
          expect(cancelled.status).toBe(200);
          expect(checkedIn.status).toBe(409);
          expect(checkedIn.body.errors?.tickets).toEqual([en.checkin_error_not_active]);
          expect(row.checkedInAt).toBeNull();
          expect(refunded.map((r) => r.ticketNumbers)).toEqual([[ticket]]);
          expect(leg?.seats).toBe(1);
        } else {
          outcomes.push(row?.status ?? 'missing');
          expect(row?.status).toBe('checked_in');
          expect(row?.checkedInAt).not.toBeNull();
          expect(checkedIn.status).toBe(200);
          expect(cancelled.status).toBe(409);
          expect(cancelled.body.errors?.tickets).toEqual([en.cancel_error_checked_in]);
          expect(refunded).toEqual([]);
          expect(leg?.seats).toBe(2);
        }
      }
      const [seats] = await seatsAndTickets([sailingId]);
      expect(seats?.taken).toBe(seats?.tickets);
      console.info(
        `cancel vs check-in: ${String(outcomes.filter((o) => o === 'cancelled').length)} cancelled, ${String(outcomes.filter((o) => o === 'checked_in').length)} checked in`,
      );
      // Both sides won some rounds: the requests really raced.
      expect(new Set(outcomes)).toEqual(new Set(['cancelled', 'checked_in']));
    } finally {
      now = start;
    }
  }, 120_000);
});

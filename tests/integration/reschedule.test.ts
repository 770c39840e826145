import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { sailingsWithSeats } from '../../src/server/db/queries/inventory.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { tickets } from '../../src/server/db/schema/payments.ts';
import { Network } from '../../src/server/network.ts';
import { reschedulePage } from '../../src/server/views/reschedule-page.ts';
import { bookingView, type BookingView } from '../../src/server/services/booking-view.ts';
import { testApp } from '../support/app.ts';
import { bookingReadyToPay, paidBookingView, ticketNumbersOf } from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';
import { mailsAbout } from '../support/mail-capture.ts';
import { accessTo } from '../support/booking-access.ts';

// Saturday 21 November 2026, 17:00 in Batam. Batam Centre -> HarbourFront sails about hourly, Sindo (SEX) and
// Majestic (MRL) taking turns.
const start = new Date('2026-11-21T10:00:00Z');
const network = new Network();

describe.each(testDatabases)('reschedule (POST /api/bookings/{id}/reschedule) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  const clock = () => now;
  let app: ReturnType<typeof testApp>;

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    app = testApp(handle.db, clock);
  });
  afterAll(() => drop());

  function paidOn(date: string, adults = 2): Promise<BookingView> {
    now = start;
    return paidBookingView(app, handle.db, { date, adults, now });
  }
  async function view(id: string): Promise<BookingView> {
    const found = await bookingView(handle.db, network, id, 'en');
    if (!found) throw new Error(`no booking ${id}`);
    return found;
  }
  /** The route's sailings leaving on a Batam date (UTC+7), in departure order. */
  async function sailingsOn(date: string) {
    const from = new Date(`${date}T00:00:00+07:00`);
    return handle.db
      .select()
      .from(sailings)
      .where(
        and(
          eq(sailings.routeId, 'btc-hfc'),
          gte(sailings.departsAt, from),
          lt(sailings.departsAt, new Date(from.getTime() + 86_400_000)),
        ),
      )
      .orderBy(asc(sailings.departsAt));
  }
  async function seatsTaken(sailingId: string) {
    const [row] = await sailingsWithSeats(handle.db, [sailingId], now);
    return row?.taken ?? -1;
  }
  const ticketsOf = ticketNumbersOf;
  const move = (id: string, body: Record<string, unknown>, locale = 'en') =>
    app.request(`/api/bookings/${id}/reschedule`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': locale, ...accessTo(id, now) },
      body: JSON.stringify({ agree: true, ...body }),
    });

  it('moves every passenger to a later sailing of the same operator, free, seats and tickets with them', async () => {
    const booking = await paidOn('2026-11-24');
    const day = await sailingsOn('2026-11-24');
    const old = day[0];
    const target = day.find((s, i) => i > 0 && s.operatorCode === old?.operatorCode);
    if (!old || !target) throw new Error('no sailings to move between');
    const [oldBefore, targetBefore] = [await seatsTaken(old.id), await seatsTaken(target.id)];

    const answer = await move(booking.id, { tickets: ticketsOf(booking), sailing: target.id });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      moved: [
        { from: `TK-${booking.code}-1D`, to: `TK-${booking.code}-1D2` },
        { from: `TK-${booking.code}-2D`, to: `TK-${booking.code}-2D2` },
      ],
      counterFee: 0,
    });
    expect(await seatsTaken(old.id)).toBe(oldBefore - 2);
    expect(await seatsTaken(target.id)).toBe(targetBefore + 2);

    const after = await view(booking.id);
    expect(after.legs).toHaveLength(1);
    expect(after.legs[0]?.departsAt).toBe(target.departsAt.toISOString());
    expect(after.passengers[0]?.tickets.map((t) => [t.ticketNumber, t.status])).toEqual([
      [`TK-${booking.code}-1D`, 'rescheduled'],
      [`TK-${booking.code}-1D2`, 'active'],
    ]);
    // The traveller gets the new e-tickets by email, the new ticket numbers in the text.
    const mails = await mailsAbout({ db: handle.db, network, now }, booking.code);
    const mail = mails.find(
      (sent) => sent.subject === `Booking ${booking.code} rescheduled: your new e-tickets`,
    );
    expect(mail).toBeDefined();
    expect(mail?.text).toContain(`TK-${booking.code}-1D2`);
    expect(mail?.attachments?.map((file) => file.filename)).toEqual([`e-ticket-${booking.code}.pdf`]);
  });

  it('moves some passengers onto a new segment and keeps the others where they were', async () => {
    const booking = await paidOn('2026-11-25');
    const day = await sailingsOn('2026-11-25');
    const [old, , target] = day;
    if (!old || !target) throw new Error('no sailings');
    const moving = booking.passengers[1]?.tickets[0]?.ticketNumber ?? '';
    const answer = await move(booking.id, { tickets: [moving], sailing: target.id, payment: 'counter' });
    expect(answer.status).toBe(200);
    const after = await view(booking.id);
    expect(after.legs.map((l) => [l.segment, l.departsAt])).toEqual([
      [0, old.departsAt.toISOString()],
      [1, target.departsAt.toISOString()],
    ]);
    expect(after.passengers[0]?.tickets.map((t) => t.status)).toEqual(['active']);
    expect(after.passengers[1]?.tickets.map((t) => t.status)).toEqual(['rescheduled', 'active']);
  });

  it('refuses a ticket already rescheduled, saying so, and keeps its seats where they are', async () => {
    const booking = await paidOn('2026-11-26', 1);
    const day = await sailingsOn('2026-11-26');
    const [first, second, third] = day;
    if (!first || !second || !third) throw new Error('no sailings');
    const moved = await move(booking.id, {
      tickets: ticketsOf(booking),
      sailing: third.id,
      payment: 'counter',
    });
    expect(moved.status).toBe(200);
    const fresh = (await view(booking.id)).passengers[0]?.tickets.find((t) => t.status === 'active');
    const taken = await seatsTaken(third.id);
    const again = await move(
      booking.id,
      { tickets: [fresh?.ticketNumber], sailing: second.id, payment: 'counter' },
      'id',
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      errors: {
        tickets: ['Jadwal tiket ini sudah pernah diubah. Jadwal tiket hanya dapat diubah satu kali.'],
      },
    });
    // The old ticket cannot move either: it is history now.
    const old = await move(booking.id, {
      tickets: [`TK-${booking.code}-1D`],
      sailing: second.id,
      payment: 'counter',
    });
    expect(old.status).toBe(409);
    expect(await seatsTaken(third.id)).toBe(taken);
  });

  it('closes 2 hours before departure: exactly 2 hours is still open', async () => {
    const early = await paidOn('2026-11-27', 1);
    const late = await paidOn('2026-11-27', 1);
    const day = await sailingsOn('2026-11-27');
    const departs = day[0]?.departsAt.getTime() ?? 0;
    const target = day.find((s, i) => i > 0 && s.operatorCode === day[0]?.operatorCode);
    now = new Date(departs - 119 * 60_000);
    const closed = await move(late.id, { tickets: ticketsOf(late), sailing: target?.id });
    expect(closed.status).toBe(422);
    expect(JSON.stringify(await closed.json())).toContain('closed 2 hours before departure');
    now = new Date(departs - 120 * 60_000);
    expect((await move(early.id, { tickets: ticketsOf(early), sailing: target?.id })).status).toBe(200);
  });

  it('charges IDR 100,000 per ticket at the counter for another operator, and asks how it is paid', async () => {
    const booking = await paidOn('2026-11-28');
    const day = await sailingsOn('2026-11-28');
    const other = day.find((s) => s.operatorCode !== day[0]?.operatorCode);
    const unpaid = await move(booking.id, { tickets: ticketsOf(booking), sailing: other?.id });
    expect(unpaid.status).toBe(422);
    expect(await unpaid.json()).toMatchObject({
      errors: { payment: [expect.stringContaining('Pay at the counter')] },
    });
    const answer = await move(booking.id, {
      tickets: ticketsOf(booking),
      sailing: other?.id,
      payment: 'counter',
    });
    expect(await answer.json()).toMatchObject({ counterFee: 200_000 });
    const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
    expect(rows.filter((t) => t.status === 'active').map((t) => t.counterFee)).toEqual([100_000, 100_000]);
  });

  it('refuses bad input and another booking, changing nothing', async () => {
    const mine = await paidOn('2026-11-29', 1);
    const other = await paidOn('2026-11-29', 1);
    const day = await sailingsOn('2026-11-29');
    const target = day.find((s, i) => i > 0 && s.operatorCode === day[0]?.operatorCode)?.id ?? '';
    expect((await move(mine.id, { tickets: [], sailing: target })).status).toBe(400);
    expect((await move(mine.id, { tickets: ticketsOf(mine), sailing: 'not-a-sailing' })).status).toBe(400);
    expect((await move(mine.id, { tickets: ticketsOf(mine), sailing: target, agree: false })).status).toBe(
      400,
    );
    expect((await move(mine.id, { tickets: ticketsOf(other), sailing: target })).status).toBe(404);
    expect((await move('A'.repeat(24), { tickets: ticketsOf(mine), sailing: target })).status).toBe(404);
    expect((await move(mine.id, { tickets: ticketsOf(mine), sailing: day[0]?.id })).status).toBe(422);
    const elsewhere = await handle.db.select().from(sailings).where(eq(sailings.routeId, 'hfc-btc')).limit(1);
    expect((await move(mine.id, { tickets: ticketsOf(mine), sailing: elsewhere[0]?.id })).status).toBe(422);
    const held = await bookingReadyToPay(app, { date: '2026-11-29' });
    expect((await move(held.id, { tickets: ticketsOf(mine), sailing: target })).status).toBe(409);
    const rows = await handle.db.select().from(tickets).where(eq(tickets.bookingId, mine.id));
    expect(rows.map((t) => t.status)).toEqual(['active']);
  });

  it('lists the new date asked for, naming it, and refuses a date before today or past the horizon at the field', async () => {
    const booked = await paidOn('2026-11-25');
    const context = { db: handle.db, network, now, horizonDays: 10 };
    const page = (date: string) =>
      reschedulePage(
        context,
        booked,
        'en',
        new URLSearchParams({ tickets: ticketsOf(booked)[0] ?? '', date }),
      );
    const listed = await page('2026-11-27');
    expect(listed.date).toEqual({ date: '2026-11-27', dateInWords: 'Friday, 27 November 2026' });
    expect(listed.sailings?.length).toBeGreaterThan(0);
    for (const asked of ['2026-11-20', '2026-12-01', '27/11/2026', '']) {
      const refused = await page(asked);
      expect(refused.sailings).toBeUndefined();
      expect(refused.date.error).toBe('Choose a date from 21 November 2026 to 30 November 2026');
    }
    expect((await page('2026-12-01')).date.date).toBe('2026-12-01');
  });

  it('refuses a sailing without enough free seats', async () => {
    const booking = await paidOn('2026-11-30');
    const day = await sailingsOn('2026-11-30');
    const target = day.find((s, i) => i > 0 && s.operatorCode === day[0]?.operatorCode);
    if (!target) throw new Error('no sailing');
    await handle.db
      .update(sailings)
      .set({ capacity: (await seatsTaken(target.id)) + 1 })
      .where(eq(sailings.id, target.id));
    const answer = await move(booking.id, { tickets: ticketsOf(booking), sailing: target.id });
    expect(answer.status).toBe(409);
    expect(JSON.stringify(await answer.json())).toContain('Not enough free seats');
  });
});

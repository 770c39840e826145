import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardWeek, salesSummary } from '../../src/domain/dashboard.ts';
import { formatRupiah } from '../../src/i18n/format.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookings } from '../../src/server/db/schema/bookings.ts';
import { payments } from '../../src/server/db/schema/payments.ts';
import { useCasePorts } from '../../src/server/http/use-case-ports.ts';
import { expireBookings } from '../../src/server/jobs/expire-bookings.ts';
import { Network } from '../../src/server/network.ts';
import { departuresOn, madePerDay, paidPerDay } from '../../src/server/services/dashboard.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { staffDashboard } from '../../src/server/views/staff-dashboard.ts';
import { testApp } from '../support/app.ts';
import {
  bookingReadyToPay,
  contact,
  paidCallbackBody,
  passenger,
  pay,
  sandboxCallback,
} from '../support/booking-flow.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const start = new Date('2026-11-21T10:00:00Z');
const hours = (n: number) => new Date(start.getTime() + n * 3_600_000);
const network = new Network();
const json = (method: string, body: unknown) => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

describe.each(testDatabases)("the manager's dashboard on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let now = start;
  let app: ReturnType<typeof testApp>;
  /** What each paid booking was charged: the amount of the attempt that paid it. */
  const charged: Record<string, number> = {};

  /** `adults` on the first sailing bookable on `date` from `from` to `to`, at `at`, details saved. */
  async function hold(at: Date, from: string, to: string, date: string, adults = 1): Promise<string> {
    now = at;
    const query = new URLSearchParams({ trip: 'one_way', from, to, date, adults: String(adults) });
    const search = (await (await app.request(`/api/schedules?${query.toString()}`)).json()) as SearchResult;
    const out = search.outbound?.sailings[0]?.id;
    const held = await app.request('/api/bookings', json('POST', { trip: 'one_way', out, adults }));
    expect(held.status).toBe(201);
    const { id } = (await held.json()) as { id: string };
    const people = Array.from({ length: adults }, (_, i) => passenger(`Passenger ${String(i)}`));
    const saved = await app.request(
      `/api/bookings/${id}/details`,
      json('PUT', { contact, passengers: people }),
    );
    expect(saved.status).toBe(204);
    return id;
  }

  /** Issues a VA of `bank` and pays it through the gateway's callback, short by `short` rupiah. */
  async function payWith(id: string, bank: string, short = 0): Promise<void> {
    expect((await pay(app, id, bank)).status).toBe(200);
    const [payment] = await handle.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, id), eq(payments.status, 'pending')));
    const body = paidCallbackBody(payment, now, { amount: (payment?.amount ?? 0) - short });
    expect((await sandboxCallback(app, body, { now })).status).toBe(200);
    if (short === 0) charged[id] = payment?.amount ?? 0;
  }

  const made: Record<string, string> = {};
  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), start, 10));
    app = testApp(handle.db, () => now);
    // Paid on Friday 13 November, the day before the week began: not counted.
    made.old = await hold(hours(-8 * 24), 'BTC', 'HFC', '2026-11-24');
    await payWith(made.old, 'bni');
    // Paid on Thursday 19 November: the week's, not today's.
    made.earlier = await hold(hours(-2 * 24), 'BTC', 'HFC', '2026-11-24');
    await payWith(made.earlier, 'bri');
    // Its Virtual Account lapses unpaid at 15:00: made today, never paid.
    made.lapsed = await hold(hours(-3), 'BTC', 'HFC', '2026-11-24');
    expect((await pay(app, made.lapsed, 'bsi')).status).toBe(200);
    made.a = await hold(hours(-1), 'BTC', 'HFC', '2026-11-24');
    await payWith(made.a, 'bni');
    made.b = await hold(hours(-1), 'BTC', 'HFC', '2026-11-24', 2);
    await payWith(made.b, 'mandiri');
    made.c = await hold(hours(-1), 'HFC', 'BTC', '2026-11-24');
    await payWith(made.c, 'bni');
    // There and back: one booking, on the route of its way out.
    ({ id: made.e } = await bookingReadyToPay(app, { date: '2026-11-24', trip: 'two_way' }));
    await payWith(made.e, 'permata');
    // Today's first sailing still payable at 16:00: Batam Centre at 17:30 WIB.
    made.d = await hold(hours(-1), 'BTC', 'HFC', '2026-11-21');
    await payWith(made.d, 'bni');
    // Paid short: it still awaits its full amount, and the short payment is a refund owed.
    made.short = await hold(start, 'BTC', 'HFC', '2026-11-24');
    await payWith(made.short, 'bri', 10_000);
    made.held = await hold(start, 'BTC', 'HFC', '2026-11-24');
    expect(await expireBookings(handle.db, start)).toEqual([made.lapsed]);
  });
  afterAll(() => drop());

  const sum = (...names: string[]) =>
    names.reduce((total, name) => total + (charged[made[name] ?? ''] ?? 0), 0);

  it('counts the bookings paid today and this week per route and per bank, with what they were charged', async () => {
    const week = dashboardWeek('2026-11-21');
    const sales = salesSummary(await paidPerDay(handle.db, week), await madePerDay(handle.db, week), week);
    expect(sales.today).toEqual({ bookings: 5, revenue: sum('a', 'b', 'c', 'd', 'e') });
    expect(sales.week).toEqual({ bookings: 6, revenue: sum('a', 'b', 'c', 'd', 'e', 'earlier') });
    // Two adults cost more than one: the revenue is each booking's own total, not a count times a fare.
    expect(sum('b')).toBeGreaterThan(sum('a'));
    expect(sales.perRoute).toEqual([
      {
        routeId: 'btc-hfc',
        today: { bookings: 4, revenue: sum('a', 'b', 'd', 'e') },
        week: { bookings: 5, revenue: sum('a', 'b', 'd', 'e', 'earlier') },
      },
      {
        routeId: 'hfc-btc',
        today: { bookings: 1, revenue: sum('c') },
        week: { bookings: 1, revenue: sum('c') },
      },
    ]);
    const perChannel = Object.fromEntries(sales.perChannel.map((line) => [String(line.channel), line]));
    expect(perChannel.bni).toEqual({
      channel: 'bni',
      today: { bookings: 3, revenue: sum('a', 'c', 'd') },
      week: { bookings: 3, revenue: sum('a', 'c', 'd') },
    });
    expect(perChannel.mandiri?.today).toEqual({ bookings: 1, revenue: sum('b') });
    expect(perChannel.permata?.week).toEqual({ bookings: 1, revenue: sum('e') });
    // The short payment paid nothing yet; the lapsed VA never did.
    expect(perChannel.bri?.today).toEqual({ bookings: 0, revenue: 0 });
    expect(perChannel.bri?.week).toEqual({ bookings: 1, revenue: sum('earlier') });
    expect(perChannel.bsi?.week).toEqual({ bookings: 0, revenue: 0 });
    expect(perChannel.null).toBeUndefined();
    // Made today: five paid, the lapsed hold, the short payment and the plain hold.
    expect(sales.perDay.map((day) => [day.day, day.bookings, day.made])).toEqual([
      ['2026-11-15', 0, 0],
      ['2026-11-16', 0, 0],
      ['2026-11-17', 0, 0],
      ['2026-11-18', 0, 0],
      ['2026-11-19', 1, 1],
      ['2026-11-20', 0, 0],
      ['2026-11-21', 5, 8],
    ]);
    const [lapsed] = await handle.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, made.lapsed ?? ''));
    expect(lapsed?.status).toBe('expired');
  });

  it("lists the agency's day of sailings on each terminal's own clock, with the seats sold", async () => {
    // 23:30 in Batam: Singapore is already on Sunday, the agency still on Saturday.
    const late = hours(6.5);
    const departures = await departuresOn(handle.db, network, '2026-11-21', late);
    expect(departures.every((departure) => departure.local.date === '2026-11-21')).toBe(true);
    expect(new Set(departures.map((departure) => departure.local.zone))).toEqual(
      new Set(['WIB', 'SGT', 'MYT']),
    );
    const times = departures.map((departure) => departure.departsAt.getTime());
    expect(times).toEqual([...times].sort((x, y) => x - y));
    const fromSingapore = departures.filter((departure) => departure.routeId === 'hfc-btc');
    expect(fromSingapore.length).toBeGreaterThan(0);
    const halfPastFive = departures.find(
      (departure) => departure.routeId === 'btc-hfc' && departure.local.time === '17:30',
    );
    expect(halfPastFive?.sold).toBe(1);
  });

  it('words it all for the reader, in English and in Indonesian', async () => {
    const context = { db: handle.db, network, calendar: useCasePorts.calendar, now: start };
    const view = await staffDashboard(context, 'en', { admin: true });
    expect(view.revenueToday).toBe(formatRupiah(sum('a', 'b', 'c', 'd', 'e'), 'en'));
    expect(view.paidToday).toBe('Bookings paid: 5');
    expect(view.madeToday).toBe('8');
    expect(view.routes.map((line) => [line.name, line.todayBookings, line.weekBookings])).toEqual([
      ['Batam Centre – HarbourFront Centre', '4', '5'],
      ['HarbourFront Centre – Batam Centre', '1', '1'],
    ]);
    expect(view.channels[0]).toEqual({
      name: 'BNI',
      todayBookings: '3',
      todayRevenue: formatRupiah(sum('a', 'c', 'd'), 'en'),
      weekBookings: '3',
      weekRevenue: formatRupiah(sum('a', 'c', 'd'), 'en'),
    });
    expect(view.total.weekRevenue).toBe(formatRupiah(sum('a', 'b', 'c', 'd', 'e', 'earlier'), 'en'));
    expect(view.refunds.due).toMatch(/^Not yet overdue: 1 \(IDR [\d,]+\)$/);
    expect(view.refunds.late).toBe(false);
    expect(view.announcements).toEqual({ items: [], href: '/staff/announcements' });
    const halfPastFive = view.departures.all.find(
      (line) => line.time === '17:30 WIB' && line.route === 'Batam Centre – HarbourFront Centre',
    );
    expect(halfPastFive?.sold).toBe('1');
    // The next to leave after 17:00: too near to book by now, but not yet gone.
    expect(view.departures.routes.find((line) => line.route.startsWith('Batam Centre – Harbour'))?.next).toBe(
      '17:30 WIB',
    );
    expect(view.chart.bars).toHaveLength(7);
    expect(view.chart.bars[6]?.height).toBeGreaterThan(view.chart.bars[4]?.height ?? Infinity);
    expect(view.chart.bars[5]?.height).toBe(0);

    const inIndonesian = await staffDashboard(context, 'id', { admin: false });
    expect(inIndonesian.revenueToday).toBe(formatRupiah(sum('a', 'b', 'c', 'd', 'e'), 'id'));
    expect(inIndonesian.paidWeek).toBe('Pesanan dibayar: 6');
    expect(inIndonesian.announcements.href).toBeUndefined();
    expect(inIndonesian.refunds.due).toMatch(/^Belum lewat jatuh tempo: 1 \(Rp [\d.]+\)$/);
  });
});

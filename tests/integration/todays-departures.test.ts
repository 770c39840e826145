import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { Network } from '../../src/server/network.ts';
import { todaysDepartures, type RouteToday } from '../../src/server/services/todays-departures.ts';
import { insertBooking } from '../factories/bookings.ts';
import { testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam (WIB), 18:00 in Singapore and Johor.
const afternoon = new Date('2026-11-21T10:00:00Z');
// 23:00 in Batam, but already Sunday 00:00 in Singapore and Johor.
const midnightInSingapore = new Date('2026-11-21T16:00:00Z');

const summary = (routes: RouteToday[]) =>
  Object.fromEntries(
    routes.map((r) => [
      `${r.from.code}-${r.to.code} ${r.date}`,
      r.sailings.map((s) => `${s.time} ${s.zone}`),
    ]),
  );

describe.each(testDatabases)("today's departures on $name", (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const network = new Network();
  const departures = (now: Date, locale: 'en' | 'id' = 'en') =>
    todaysDepartures({ db: handle.db, network, now, locale });

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    await upsertNetwork(handle.db, network.data);
    await extendSailings(handle.db, network.data, afternoon, 10);
  });
  afterAll(() => drop());

  it('lists what is still bookable today, from the one-hour cutoff, in each terminal’s local time', async () => {
    const today = summary(await departures(afternoon));
    // 17:30 WIB is 30 minutes away: past the cutoff. 18:00 WIB is exactly one hour away: still bookable.
    expect(today['BTC-HFC 2026-11-21']).toEqual(['18:00 WIB', '20:30 WIB']);
    expect(today['HFC-BTC 2026-11-21']).toEqual(['19:30 SGT', '20:00 SGT', '21:20 SGT']);
    expect(today['PTH-HBB 2026-11-21']).toEqual(['19:00 MYT']);
    // Harbour Bay's last sailing to Puteri Harbour left at 17:30: the route is left out, not shown empty.
    expect(today['HBB-PTH 2026-11-21']).toBeUndefined();
    expect(Object.values(today).every((times) => times.length > 0)).toBe(true);
  });

  it("uses each departure terminal's own today across the zone line", async () => {
    const routes = await departures(midnightInSingapore);
    const today = summary(routes);
    // Nothing leaves Batam after 23:00 WIB, so no Batam route is listed ...
    expect(routes.filter((r) => ['BTC', 'HBB', 'SKP', 'NSP'].includes(r.from.code))).toEqual([]);
    // ... while Singapore is already on Sunday and lists the whole day ahead.
    expect(today['HFC-BTC 2026-11-22']?.[0]).toBe('08:00 SGT');
    expect(today['HFC-BTC 2026-11-22']).toHaveLength(12);
    expect(today['SLT-BTC 2026-11-22']).toEqual(['09:30 MYT', '13:00 MYT', '16:30 MYT', '19:00 MYT']);
  });

  it('shows the seats left when few remain, counting paid bookings and live holds only', async () => {
    const [route] = await departures(afternoon, 'id');
    const sailing = route?.sailings[0];
    expect(route?.from.name).toBe('Batam Centre');
    expect(sailing?.availability).toEqual({ status: 'available' });
    const sailingId = sailing?.id ?? '';
    await insertBooking(handle.db, { code: 'TDPAID', status: 'paid', seats: 270, sailingId });
    const expiresAt = new Date('2026-11-21T10:10:00Z');
    await insertBooking(handle.db, { code: 'TDHOLD', status: 'held', seats: 6, sailingId, expiresAt });
    const expired = new Date('2026-11-21T09:50:00Z');
    await insertBooking(handle.db, {
      code: 'TDGONE',
      status: 'held',
      seats: 4,
      sailingId,
      expiresAt: expired,
    });
    const [after] = await departures(afternoon);
    // Capacity 280: 270 paid + 6 held leave 4; the expired hold no longer counts.
    expect(after?.sailings[0]?.availability).toEqual({ status: 'limited', seatsLeft: 4 });
  });
});

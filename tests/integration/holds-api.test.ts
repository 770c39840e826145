import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CODE_ALPHABET } from '../../src/domain/booking-code.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { bookingLegs, bookings } from '../../src/server/db/schema/bookings.ts';
import { sailings } from '../../src/server/db/schema/network.ts';
import { extendSailings, upsertNetwork } from '../../src/server/db/seed.ts';
import { loadNetworkData } from '../../src/server/network-data.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { insertBooking } from '../factories/bookings.ts';
import { rememberClientAddress } from '../../src/server/http/client-address.ts';
import { testApp } from '../support/app.ts';
import { testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam.
const now = new Date('2026-11-21T10:00:00Z');

describe.each(testDatabases)('holding seats (POST /api/bookings) on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;

  const hold = (body: unknown, headers: Record<string, string> = {}, at = app) =>
    at.request('/api/bookings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const search = async (query: string) =>
    (await (await app.request(`/api/schedules?${query}`)).json()) as SearchResult;
  const sailingsOn = async (from: string, to: string, date: string) =>
    (await search(`from=${from}&to=${to}&date=${date}`)).outbound?.sailings ?? [];
  /** A sailing with exactly `free` seats left, by selling the rest. */
  const sailingWithSeats = async (index: number, free: number) => {
    const sailing = (await sailingsOn('SKP', 'HFC', '2026-11-24'))[index];
    if (!sailing) throw new Error('no sailing');
    const code = `FREEA${'ABCDEFGH'[index] ?? 'Z'}`;
    await insertBooking(handle.db, { code, status: 'paid', seats: 180 - free, sailingId: sailing.id });
    return sailing;
  };

  beforeAll(async () => {
    ({ handle, drop } = await database.create());
    const network = loadNetworkData();
    await upsertNetwork(handle.db, network);
    await extendSailings(handle.db, network, now, 30);
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  it('counts a hold whose body streams in (no declared length) against its own address', async () => {
    const limited = testApp(handle.db, now, undefined, { holds: 1, lookups: 10, codeFailures: 10 });
    const [out] = await sailingsOn('BTC', 'HFC', '2026-11-26');
    const streamed = (address: string) => {
      const body = new Blob([JSON.stringify({ trip: 'one_way', out: out?.id, adults: 1 })]).stream();
      const request = new Request('http://localhost/api/bookings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
      rememberClientAddress(request, address);
      return limited.request(request);
    };
    // One hold each: two addresses, not one 'unknown' sharing a limit of one.
    expect((await streamed('203.0.113.7')).status).toBe(201);
    expect((await streamed('203.0.113.8')).status).toBe(201);
    expect((await streamed('203.0.113.8')).status).toBe(429);
  });

  it('holds a two way trip for 20 minutes with an unguessable id, a readable code and its priced snapshot', async () => {
    const [out] = await sailingsOn('BTC', 'HFC', '2026-11-25');
    const back = (await sailingsOn('HFC', 'BTC', '2026-11-27')).at(-1);
    const response = await hold({
      trip: 'two_way',
      out: out?.id,
      ret: back?.id,
      adults: 2,
      children: 1,
      infants: 1,
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; code: string; status: string; expiresAt: string };
    expect(body.id).toMatch(/^[\w-]{24}$/); // 18 random bytes: 144 bits
    expect(body.code).toMatch(new RegExp(`^[${BOOKING_CODE_ALPHABET}]{6}$`));
    expect(body).toMatchObject({ status: 'held', expiresAt: '2026-11-21T10:20:00.000Z' });

    const [row] = await handle.db.select().from(bookings).where(eq(bookings.id, body.id));
    const legs = await handle.db.select().from(bookingLegs).where(eq(bookingLegs.bookingId, body.id));
    expect(row).toMatchObject({ status: 'held', trip: 'two_way', adults: 2, children: 1, infants: 1 });
    expect(legs.map((l) => [l.leg, l.sailingId, l.seats])).toEqual([
      [0, out?.id, 3],
      [1, back?.id, 3],
    ]);
    // The same money the search showed: both legs for the party plus one transaction fee.
    const search2 = await search(
      'trip=two_way&from=BTC&to=HFC&date=2026-11-25&returnDate=2026-11-27&adults=2&children=1&infants=1',
    );
    const outPrice = search2.outbound?.sailings.find((s) => s.id === out?.id)?.price.subtotal.total ?? 0;
    const backPrice = search2.return?.sailings.find((s) => s.id === back?.id)?.price.subtotal.total ?? 0;
    expect(row?.price.total).toBe(outPrice + backPrice + search2.transactionFee);
  });

  it('refuses the seats a party cannot have with a clear 409, and counts the hold at once', async () => {
    const sailing = await sailingWithSeats(0, 5);
    expect((await hold({ out: sailing.id, adults: 3 })).status).toBe(201);
    const refused = await hold({ out: sailing.id, adults: 2, children: 1 }, { 'Accept-Language': 'id' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: 'Habis terjual. Kursi yang tersisa di jadwal ini tidak cukup untuk rombongan Anda.',
      errors: { out: ['Habis terjual. Kursi yang tersisa di jadwal ini tidak cukup untuk rombongan Anda.'] },
    });
    // Infants sit on a lap: two adults and two infants still fit in the last two seats.
    expect((await hold({ out: sailing.id, adults: 2, infants: 2 })).status).toBe(201);
  });

  it('gives one of two simultaneous bookers for 3 seats the 5 free seats, and the other none', async () => {
    const sailing = await sailingWithSeats(1, 5);
    const answers = await Promise.all([
      hold({ out: sailing.id, adults: 3 }),
      hold({ out: sailing.id, adults: 3 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const held = await handle.db.select().from(bookingLegs).where(eq(bookingLegs.sailingId, sailing.id));
    expect(held.reduce((sum, leg) => sum + leg.seats, 0)).toBe(175 + 3);
  });

  it('lets a new booker have the seats of a hold past its expiry, with no sweeper running', async () => {
    const sailing = await sailingWithSeats(2, 4);
    expect((await hold({ out: sailing.id, adults: 4 })).status).toBe(201);
    expect((await hold({ out: sailing.id, adults: 1 })).status).toBe(409);
    const later = testApp(handle.db, new Date(now.getTime() + 20 * 60_000));
    expect((await hold({ out: sailing.id, adults: 4 }, {}, later)).status).toBe(201);
  });

  it('sells an open ticket without taking a seat', async () => {
    const response = await hold({ trip: 'open', from: 'HBB', to: 'PTH', operator: 'JSF', adults: 1 });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [leg] = await handle.db.select().from(bookingLegs).where(eq(bookingLegs.bookingId, id));
    expect(leg).toMatchObject({ routeId: 'hbb-pth', operatorCode: 'JSF', sailingId: null, seats: 1 });
  });

  it.each([
    [
      'a sailing that leaves within the hour',
      async () => {
        // 17:30 WIB, half an hour after `now`: online booking closed at 16:30.
        const [soon] = await handle.db
          .select({ id: sailings.id })
          .from(sailings)
          .where(eq(sailings.departsAt, new Date('2026-11-21T10:30:00Z')));
        return { out: soon?.id };
      },
      422,
    ],
    ['an unknown sailing', () => ({ out: '00000000-0000-4000-8000-000000000000' }), 400],
    ['a sailing id that is not one', () => ({ out: 'first' }), 400],
    ['no sailing at all', () => ({ trip: 'one_way' }), 400],
    [
      'ten travellers',
      async () => ({ out: (await sailingsOn('BTC', 'HFC', '2026-11-26'))[0]?.id, adults: 5, children: 5 }),
      400,
    ],
    [
      'more infants than adults',
      async () => ({ out: (await sailingsOn('BTC', 'HFC', '2026-11-26'))[0]?.id, infants: 2 }),
      400,
    ],
    [
      'a return on another route',
      async () => {
        const [out] = await sailingsOn('BTC', 'HFC', '2026-11-26');
        const [other] = await sailingsOn('HFC', 'SKP', '2026-11-28');
        return { trip: 'two_way', out: out?.id, ret: other?.id };
      },
      400,
    ],
    [
      'a return before the outbound arrives',
      async () => {
        const out = (await sailingsOn('BTC', 'HFC', '2026-11-26')).at(-1);
        const [back] = await sailingsOn('HFC', 'BTC', '2026-11-26');
        return { trip: 'two_way', out: out?.id, ret: back?.id };
      },
      400,
    ],
    [
      'an open ticket of an operator that does not sail the route',
      () => ({ trip: 'open', from: 'HBB', to: 'PTH', operator: 'SEX' }),
      400,
    ],
    ['malformed JSON', () => '{"out":', 400],
  ])('refuses %s without a 500 and holds nothing', async (_case, body, status) => {
    const before = (await handle.db.select().from(bookings)).length;
    const response = await hold(await body());
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(answer.message.length).toBeGreaterThan(0);
    expect(Object.keys(answer.errors).length).toBeGreaterThan(0);
    expect((await handle.db.select().from(bookings)).length).toBe(before);
  });

  it('refuses a hold a browser sends from another site', async () => {
    const [sailing] = await sailingsOn('BTC', 'HFC', '2026-11-28');
    const body = { out: sailing?.id };
    expect((await hold(body, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await hold(body, { Origin: 'https://evil.example', Host: 'localhost' })).status).toBe(403);
    expect((await hold(body, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(201);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { Network } from '../../src/server/network.ts';
import { searchQuerySchema } from '../../src/schemas/search.ts';
import { searchSchedules, type SearchResult } from '../../src/server/services/search-schedules.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { insertBooking } from '../factories/bookings.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam (WIB).
const now = new Date('2026-11-21T10:00:00Z');
const network = new Network();

/**
 * A search's answer is made once for the same rows (services/shaped-once.ts): the statements run at every search,
 * so what changes in the database or with the clock is in the next answer.
 */
describe.each(testDatabases)('search answers made once on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  const search = (query: string, at = now, locale: Locale = 'en'): Promise<SearchResult> =>
    searchSchedules(searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), {
      db: handle.db,
      network,
      now: at,
      locale,
      horizonDays: 30,
    });

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), now, 30));
  });
  afterAll(() => drop());

  it('hands the same frozen answer to the same search while nothing changed', async () => {
    const query = 'trip=two_way&from=BTC&to=HFC&date=2026-11-24&returnDate=2026-11-26&adults=2';
    const first = await search(query);
    const again = await search(query, new Date(now.getTime() + 1_000));
    expect(again).toBe(first);
    expect(Object.isFrozen(first.outbound?.sailings[0]?.price)).toBe(true);
    expect(first.return?.sailings.length).toBeGreaterThan(0);
  });

  it('answers anew once a hold takes seats, and for another party or language', async () => {
    const query = 'from=SKP&to=HFC&date=2026-11-25&adults=1';
    const before = await search(query);
    const sailing = before.outbound?.sailings[0];
    expect(sailing?.availability).toEqual({ status: 'available' });
    await insertBooking(handle.db, {
      code: 'SHAPE1',
      status: 'held',
      seats: 175, // of 180
      sailingId: sailing?.id ?? '',
      expiresAt: new Date('2026-11-21T10:15:00Z'),
    });
    const after = await search(query);
    expect(after).not.toBe(before);
    expect(after.outbound?.sailings[0]?.availability).toEqual({ status: 'limited', seatsLeft: 5 });
    // The same rows for another party: its own prices.
    const party = await search(query.replace('adults=1', 'adults=2'));
    expect(party.outbound).not.toBe(after.outbound);
    const price = (result: SearchResult) => result.outbound?.sailings[0]?.price.subtotal.total ?? 0;
    expect(price(party)).toBe(2 * price(after));
    // And in another language.
    const indonesian = await search(query, now, 'id');
    expect(indonesian).not.toBe(after);
    const skp = network.terminal('SKP');
    expect(skp && indonesian.outbound?.from).toEqual(skp && network.describeTerminal(skp, 'id'));
    // The hold expires at 10:15: a search after it counts its seats free again.
    const later = await search(query, new Date('2026-11-21T10:16:00Z'));
    expect(later.outbound?.sailings[0]?.availability).toEqual({ status: 'available' });
  });

  it("drops a sailing from the same rows' answer once it reaches the booking cutoff", async () => {
    // 16:00 in Batam: this evening's sailings from 17:00 take bookings; the day stays the same.
    const afternoon = new Date('2026-11-21T09:00:00Z');
    const query = 'from=BTC&to=HFC&date=2026-11-21&adults=1';
    const first = await search(query, afternoon);
    const [earliest, next] = first.outbound?.sailings ?? [];
    expect(earliest && next).toBeTruthy();
    const cutoff = Date.parse(earliest?.departure.at ?? '') - 60 * 60_000;
    expect(cutoff).toBeGreaterThan(afternoon.getTime());
    expect(await search(query, new Date(cutoff))).toBe(first);
    const closed = await search(query, new Date(cutoff + 1));
    expect(closed.outbound?.sailings[0]?.id).toBe(next?.id);
  });

  it('starts the week strip at the new today after midnight, for the same rows', async () => {
    // 23:59 in Batam: nothing of today takes bookings any more, so the rows of the strip are those of 00:01.
    const query = 'from=BTC&to=HFC&date=2026-11-23&adults=1';
    const beforeMidnight = await search(query, new Date('2026-11-21T16:59:00Z'));
    expect(beforeMidnight.nearby?.days[0]).toEqual({ date: '2026-11-21' });
    const afterMidnight = await search(query, new Date('2026-11-21T17:01:00Z'));
    expect(afterMidnight.nearby?.days[0]?.date).toBe('2026-11-22');
    expect(afterMidnight.outbound).toBe(beforeMidnight.outbound);
  });
});

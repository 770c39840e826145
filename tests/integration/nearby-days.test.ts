import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { routes, sailings } from '../../src/server/db/schema/network.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { testApp } from '../support/app.ts';
import { seeded, testDatabases } from '../support/databases.ts';

// Saturday 21 November 2026, 17:00 in Batam (WIB).
const now = new Date('2026-11-21T10:00:00Z');

/** The strip of neighbouring dates on a search: a week's lowest adult prices from one query, and no dead ends. */
describe.each(testDatabases)('neighbouring dates of a search on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  const search = async (query: string) => {
    const response = await app.request(`/api/schedules?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as SearchResult;
  };

  beforeAll(async () => {
    ({ handle, drop } = await seeded(await database.create(), now, 30));
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  it('gives 3 days either side with the lowest price for one adult, the searched day matching its results', async () => {
    const result = await search('from=BTC&to=HFC&date=2026-11-26&adults=2');
    expect(result.nearby?.days.map((day) => day.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    const cheapest = Math.min(
      ...(result.outbound?.sailings ?? []).map((s) => s.price.perPassenger.adult.total),
    );
    expect(result.nearby?.days[3]?.lowestAdultPrice).toBe(cheapest);
    expect(result.nearby?.nextSailing).toBeUndefined();
  });

  it('starts at today, and counts only the sailings of today that still take bookings', async () => {
    const result = await search('from=BTC&to=HFC&date=2026-11-22&adults=1');
    expect(result.nearby?.days[0]?.date).toBe('2026-11-21');
    expect(result.nearby?.days).toHaveLength(5);
    // 17:00 in Batam: the day's later sailings may still be bookable; none before 18:00 counts.
    const tonight = await search('from=BTC&to=HFC&date=2026-11-21&adults=1');
    const bookableTonight = tonight.outbound?.sailings ?? [];
    expect(result.nearby?.days[0]?.lowestAdultPrice).toBe(
      bookableTonight.length > 0
        ? Math.min(...bookableTonight.map((s) => s.price.perPassenger.adult.total))
        : undefined,
    );
  });

  it('says "no sailings" for a day without any, and names the next day that has one', async () => {
    const [route] = await handle.db
      .select({ id: routes.id })
      .from(routes)
      .where(and(eq(routes.fromTerminal, 'BTC'), eq(routes.toTerminal, 'HFC')));
    // 1 and 2 December (Batam days) lose every sailing: cancelled by the operator.
    await handle.db
      .update(sailings)
      .set({ status: 'cancelled' })
      .where(
        and(
          eq(sailings.routeId, route?.id ?? ''),
          gte(sailings.departsAt, new Date('2026-11-30T17:00:00Z')),
          lt(sailings.departsAt, new Date('2026-12-02T17:00:00Z')),
        ),
      );
    const result = await search('from=BTC&to=HFC&date=2026-12-01&adults=1');
    expect(result.outbound?.sailings).toEqual([]);
    const byDate = Object.fromEntries((result.nearby?.days ?? []).map((d) => [d.date, d.lowestAdultPrice]));
    expect(byDate['2026-12-01']).toBeUndefined();
    expect(byDate['2026-12-02']).toBeUndefined();
    expect(byDate['2026-11-30']).toBeGreaterThan(0);
    expect(result.nearby?.nextSailing).toBe('2026-12-03');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { Network } from '../../src/server/network.ts';
import { routeGuides } from '../../src/server/views/route-guides.ts';
import type { SearchResult } from '../../src/server/services/search-schedules.ts';
import { testApp } from '../support/app.ts';
import { pglite, seeded } from '../support/databases.ts';

// Monday 23 November 2026, 08:00 in Batam: the week after is searched day by day.
const now = new Date('2026-11-23T01:00:00Z');

/**
 * The pre-rendered route pages say "from IDR x" for one adult; live search prices the same route from the tariffs in
 * the database. Both come from src/content/network (the seed loads it): over a week of sailings, the lowest adult
 * price live search offers is exactly what the page promises.
 */
describe('route pages and live search agree on prices', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: ReturnType<typeof testApp>;
  beforeAll(async () => {
    ({ handle, drop } = await seeded(await pglite.create(), now, 10));
    app = testApp(handle.db, now);
  });
  afterAll(() => drop());

  const days = Array.from({ length: 7 }, (_, i) =>
    new Date(now.getTime() + (i + 1) * 86_400_000).toISOString().slice(0, 10),
  );

  it.each(routeGuides(new Network(), 'en').map((guide) => [guide.slug, guide] as const))(
    '%s: the page\'s "from" price is the lowest adult price live search offers in a week',
    async (_slug, guide) => {
      const offered: number[] = [];
      for (const date of days) {
        const answer = await app.request(
          `/api/schedules?from=${guide.from.code}&to=${guide.to.code}&date=${date}&adults=1`,
        );
        expect(answer.status).toBe(200);
        const result = (await answer.json()) as SearchResult;
        for (const sailing of result.outbound?.sailings ?? []) offered.push(sailing.price.subtotal.total);
      }
      expect(offered.length).toBeGreaterThan(0);
      expect(Math.min(...offered)).toBe(guide.fromPrice);
    },
  );
});

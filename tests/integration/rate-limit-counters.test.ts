import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client.ts';
import { readCounter, spendPoints } from '../../src/server/db/queries/rate-limit-counters.ts';
import { createRateLimits } from '../../src/server/http/rate-limits.ts';
import { Refused } from '../../src/server/validation-errors.ts';
import { testDatabases } from '../support/databases.ts';

const settings = { holds: 3, lookups: 10, codeFailures: 2 };

/** What `take` did: passed, or the minutes its 429 said to wait. */
async function outcome(take: Promise<void>): Promise<'passed' | number> {
  try {
    await take;
    return 'passed';
  } catch (error) {
    if (!(error instanceof Refused) || error.status !== 429) throw error;
    return error.errors.limit?.[0]?.params?.minutes as number;
  }
}

describe.each(testDatabases)('rate limit counters on $name', (database) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await database.create(8));
  });
  afterAll(() => drop());

  it('passes a window’s points, then refuses saying when to come back; other keys and limits count apart', async () => {
    const limits = createRateLimits(() => Promise.resolve(handle.db), settings);
    const takes = [];
    for (let i = 0; i < 4; i++) takes.push(await outcome(limits.holds.take('203.0.113.7')));
    // Ten minutes' window: the refusal says 10 minutes.
    expect(takes).toEqual(['passed', 'passed', 'passed', 10]);
    expect(await outcome(limits.holds.take('203.0.113.8'))).toBe('passed');
    expect(await outcome(limits.lookups.take('203.0.113.7'))).toBe('passed');
  });

  it('checks without spending, and refuses a key already spent', async () => {
    const limits = createRateLimits(() => Promise.resolve(handle.db), settings);
    const key = 'SGF7Q2K:198.51.100.4';
    expect(await outcome(limits.codeFailures.check(key))).toBe('passed');
    expect(await outcome(limits.codeFailures.take(key))).toBe('passed');
    expect(await outcome(limits.codeFailures.check(key))).toBe('passed');
    expect(await outcome(limits.codeFailures.take(key))).toBe('passed');
    expect(await outcome(limits.codeFailures.check(key))).toBe(60);
  });

  it('starts a new window once the last one ended, counting from the points spent then', async () => {
    const db = handle.db;
    const start = new Date('2026-12-20T01:00:00Z');
    await spendPoints(db, 'test:window', 1, 600, start);
    expect(await spendPoints(db, 'test:window', 2, 600, new Date(start.getTime() + 60_000))).toEqual({
      points: 3,
      expire: new Date('2026-12-20T01:10:00Z'),
    });
    const later = new Date('2026-12-20T01:10:00Z');
    expect(await readCounter(db, 'test:window', later)).toBeUndefined();
    expect(await spendPoints(db, 'test:window', 1, 600, later)).toEqual({
      points: 1,
      expire: new Date('2026-12-20T01:20:00Z'),
    });
  });

  it('lets exactly the window’s points through when many take at once', async () => {
    const limits = createRateLimits(() => Promise.resolve(handle.db), { ...settings, holds: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 16 }, () => outcome(limits.holds.take('192.0.2.55'))),
    );
    expect(outcomes.filter((taken) => taken === 'passed')).toHaveLength(5);
  });
});

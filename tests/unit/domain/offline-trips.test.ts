import { describe, expect, it } from 'vitest';
import { keptAt, offlineTripKeptUntil, OFFLINE_TRIP_KEEP_DAYS } from '../../../src/domain/offline-trips.ts';

const DAY_MS = 86_400_000;
const now = new Date('2026-11-27T03:00:00Z');

describe('how long a phone keeps a booking it opened', () => {
  it('keeps it a week after its last arrival', () => {
    const legs = [{ arrivesAt: '2026-12-01T02:00:00Z' }, { arrivesAt: '2026-12-05T11:30:00Z' }];
    const until = offlineTripKeptUntil({ legs, paidAt: now }, now);
    expect(until.toISOString()).toBe(new Date(Date.parse('2026-12-05T11:30:00Z') + 7 * DAY_MS).toISOString());
    expect(OFFLINE_TRIP_KEEP_DAYS).toBe(7);
  });

  it("counts an open ticket's last valid day, Batam's midnight after it", () => {
    // Paid 27 November (Batam): valid until 27 February 2027; forgotten a week after 28 February 00:00 WIB.
    const until = offlineTripKeptUntil({ legs: [{}], paidAt: now }, now);
    expect(until.toISOString()).toBe('2027-03-06T17:00:00.000Z');
  });

  it('keeps no trip that ended more than a week ago, however often it is refreshed', () => {
    const until = offlineTripKeptUntil({ legs: [{ arrivesAt: '2026-11-01T00:00:00Z' }], paidAt: now }, now);
    expect(keptAt(until.toISOString(), now)).toBe(false);
  });

  it('forgets a copy at its date, and one whose date cannot be read', () => {
    expect(keptAt('2026-11-27T03:00:01Z', now)).toBe(true);
    expect(keptAt('2026-11-27T03:00:00Z', now)).toBe(false);
    expect(keptAt('soon', now)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { lastTravelDate, returnLeavesInTime, travelDates } from '../../../src/domain/trip-dates.ts';

describe('the dates of a trip', () => {
  it('lets a return leave only after the outbound has arrived, not at the same minute', () => {
    const arrives = new Date('2026-12-06T02:00:00Z'); // 10:00 in Singapore
    expect(returnLeavesInTime(arrives, new Date('2026-12-06T02:01:00Z'))).toBe(true);
    expect(returnLeavesInTime(arrives, new Date('2026-12-06T02:00:00Z'))).toBe(false);
    expect(returnLeavesInTime(arrives, new Date('2026-12-06T01:30:00Z'))).toBe(false);
  });

  it('stands today in for an open ticket, and never ends travel before today', () => {
    expect(travelDates(['2026-12-06', undefined], '2026-11-23')).toEqual(['2026-12-06', '2026-11-23']);
    expect(lastTravelDate(['2026-12-06', '2026-12-09'], '2026-11-23')).toBe('2026-12-09');
    expect(lastTravelDate([], '2026-11-23')).toBe('2026-11-23');
  });
});

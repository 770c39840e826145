import { describe, expect, it } from 'vitest';
import { agencyDate, agencyTime, agencyToday } from '../../../src/domain/agency.ts';
import { AGENCY_TIME_ZONE } from '../../../src/domain/time-zones.ts';

describe("the agency's clock", () => {
  it('is Batam’s: its day turns at 17:00 UTC', () => {
    expect(AGENCY_TIME_ZONE).toBe('Asia/Jakarta');
    expect(agencyToday(new Date('2026-11-21T16:59:59Z'))).toBe('2026-11-21');
    expect(agencyToday(new Date('2026-11-21T17:00:00Z'))).toBe('2026-11-22');
    expect(agencyDate(new Date('2026-12-31T17:30:00Z'))).toBe('2027-01-01');
  });

  it('shows an instant with its zone, the time as HH:MM', () => {
    expect(agencyTime(new Date('2026-11-22T06:55:00Z'))).toEqual({
      date: '2026-11-22',
      time: '13:55',
      zone: 'WIB',
    });
  });
});

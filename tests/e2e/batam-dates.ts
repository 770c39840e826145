import { agencyToday } from '../../src/domain/agency.ts';
import { addDays } from '../../src/domain/port-time.ts';

/** Batam's calendar date `days` from now, inside the seeded horizon. */
export function daysAhead(days: number): string {
  return addDays(agencyToday(new Date()), days);
}

/** The first date from tomorrow on (Batam's calendar) that falls on an ISO weekday (1 = Monday). */
export function nextWeekday(isoWeekday: number): string {
  for (let days = 1; ; days++) {
    const date = daysAhead(days);
    const day = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    if (day === isoWeekday) return date;
  }
}

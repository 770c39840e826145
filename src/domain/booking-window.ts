import { addDays } from './port-time.ts';

/** The dates sailings can be booked on, seen from a departure terminal's today: both ends included. */
export interface BookingWindow {
  first: string;
  last: string;
}

/**
 * Today and the `horizonDays - 1` days after it (SAILING_HORIZON_DAYS, server/config.ts): the dates the seed makes
 * sailings for, a search may ask and a reschedule or a claim may move to. One rule, so they never disagree by a day.
 */
export function bookingWindow(today: string, horizonDays: number): BookingWindow {
  return { first: today, last: addDays(today, horizonDays - 1) };
}

/** Every date of a window, in order. */
export function windowDates({ first, last }: BookingWindow): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

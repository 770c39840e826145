import { fromLocal, toLocal } from './port-time.ts';
import type { TerminalTimeZone } from './time-zones.ts';

/** Any date serves: the network's zones keep one offset all year (no daylight saving in ID, SG or MY). */
const referenceDate = '2026-01-05';

/**
 * Where a timetable departure arrives on the arrival terminal's clock: `08:00` WIB + 60 min to Singapore arrives at
 * `10:00` SGT. `dayOffset` is 1 when the arrival falls on the next local day.
 */
export function timetableArrival(
  departure: string,
  durationMinutes: number,
  fromZone: TerminalTimeZone,
  toZone: TerminalTimeZone,
): { time: string; dayOffset: number } {
  const departs = fromLocal({ date: referenceDate, time: departure }, fromZone);
  const arrival = toLocal(new Date(departs.getTime() + durationMinutes * 60_000), toZone);
  const dayOffset = Math.round(
    (Date.parse(`${arrival.date}T00:00:00Z`) - Date.parse(`${referenceDate}T00:00:00Z`)) / 86_400_000,
  );
  return { time: arrival.time, dayOffset };
}

/** `[1,2,3,4,5,6,7]` is every day; `[5,6,7]` -> `[[5,7]]`; `[1,3,4]` -> `[[1,1],[3,4]]`. Sorted, without repeats. */
export function weekdayRuns(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const last = runs.at(-1);
    if (last?.[1] === day - 1) last[1] = day;
    else runs.push([day, day]);
  }
  return runs;
}

export function sailsDaily(days: readonly number[]): boolean {
  return new Set(days).size === 7;
}

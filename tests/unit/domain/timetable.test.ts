import { describe, expect, it } from 'vitest';
import { sailsDaily, timetableArrival, weekdayRuns } from '../../../src/domain/timetable.ts';

describe('timetable arrival on the arrival terminal’s clock', () => {
  it.each([
    // Batam (UTC+7) to Singapore (UTC+8): an hour's crossing arrives two clock hours later.
    ['08:00', 60, 'Asia/Jakarta', 'Asia/Singapore', '10:00', 0],
    // Singapore to Batam: an hour's crossing arrives at the same clock time.
    ['14:00', 60, 'Asia/Singapore', 'Asia/Jakarta', '14:00', 0],
    // Just before Batam's midnight: the arrival in Johor is on the next local day.
    ['23:30', 90, 'Asia/Jakarta', 'Asia/Kuala_Lumpur', '02:00', 1],
    // Leaving Batam at 22:30 arrives at midnight in Singapore: already the next day there.
    ['22:30', 60, 'Asia/Jakarta', 'Asia/Singapore', '00:30', 1],
    // Leaving Singapore just after midnight lands in Batam still on the same local day.
    ['00:30', 45, 'Asia/Singapore', 'Asia/Jakarta', '00:15', 0],
    // Leaving Singapore at 00:30 lands in Batam at 23:30 of the day before.
    ['00:30', 0, 'Asia/Singapore', 'Asia/Jakarta', '23:30', -1],
  ] as const)('%s + %i min, %s -> %s: %s (day %i)', (departure, minutes, from, to, time, dayOffset) => {
    expect(timetableArrival(departure, minutes, from, to)).toEqual({ time, dayOffset });
  });
});

describe('weekday runs', () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7], [[1, 7]], true],
    [[5, 6, 7], [[5, 7]], false],
    [[7, 5, 6, 6], [[5, 7]], false],
    [
      [1, 3, 4],
      [
        [1, 1],
        [3, 4],
      ],
      false,
    ],
    [[2], [[2, 2]], false],
  ] as const)('%j -> %j', (days, runs, daily) => {
    expect(weekdayRuns(days)).toEqual(runs);
    expect(sailsDaily(days)).toBe(daily);
  });
});

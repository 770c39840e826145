import { describe, expect, it } from 'vitest';
import {
  addDays,
  fromLocal,
  isoWeekday,
  localDayBounds,
  portMoment,
  portTime,
  toLocal,
} from '../../../src/domain/port-time.ts';

describe('port-local time', () => {
  it.each([
    // Batam (UTC+7): a departure just after local midnight is the previous UTC day.
    ['2026-11-22', '00:30', 'Asia/Jakarta', '2026-11-21T17:30:00.000Z'],
    ['2026-11-22', '06:00', 'Asia/Jakarta', '2026-11-21T23:00:00.000Z'],
    ['2026-11-22', '07:00', 'Asia/Jakarta', '2026-11-22T00:00:00.000Z'],
    ['2026-11-22', '23:59', 'Asia/Jakarta', '2026-11-22T16:59:00.000Z'],
    // Singapore and Johor (UTC+8).
    ['2026-11-22', '07:59', 'Asia/Singapore', '2026-11-21T23:59:00.000Z'],
    ['2026-11-22', '08:00', 'Asia/Singapore', '2026-11-22T00:00:00.000Z'],
    ['2026-11-22', '21:20', 'Asia/Kuala_Lumpur', '2026-11-22T13:20:00.000Z'],
    ['2027-01-01', '00:00', 'Asia/Singapore', '2026-12-31T16:00:00.000Z'],
  ] as const)('%s %s at %s is %s', (date, time, zone, utc) => {
    const instant = fromLocal({ date, time }, zone);
    expect(instant.toISOString()).toBe(utc);
    expect(toLocal(instant, zone)).toEqual({ date, time });
  });

  it('shows a crossing from Batam to Singapore "gaining" an hour', () => {
    const departs = fromLocal({ date: '2026-11-22', time: '08:00' }, 'Asia/Jakarta');
    const arrives = new Date(departs.getTime() + 110 * 60_000);
    expect(portTime(departs, 'Asia/Jakarta')).toEqual({ date: '2026-11-22', time: '08:00', zone: 'WIB' });
    expect(portTime(arrives, 'Asia/Singapore')).toEqual({ date: '2026-11-22', time: '10:50', zone: 'SGT' });
  });

  it('puts a late Batam departure that arrives after midnight in Singapore on the next date', () => {
    const departs = fromLocal({ date: '2026-11-22', time: '23:30' }, 'Asia/Jakarta');
    const arrives = new Date(departs.getTime() + 60 * 60_000);
    expect(portTime(arrives, 'Asia/Singapore')).toEqual({ date: '2026-11-23', time: '01:30', zone: 'SGT' });
  });

  it('bounds a local day in UTC', () => {
    const { start, end } = localDayBounds('2026-11-22', 'Asia/Jakarta');
    expect(start.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it.each([
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i day is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('numbers weekdays from Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-22')).toBe(7);
  });

  it('refuses a malformed local time', () => {
    expect(() => fromLocal({ date: '2026-13-40', time: '25:00' }, 'Asia/Jakarta')).toThrow(RangeError);
  });

  it('reads the same wall clock as the time-zone database, across historic zone changes', () => {
    const intl = (zone: string) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    // Singapore and Johor moved from UTC+7:30 to UTC+8 at the start of 1982; Jakarta changed zones in the 1960s.
    const instants = [
      Date.UTC(1981, 11, 31, 16, 29),
      Date.UTC(1981, 11, 31, 16, 30),
      Date.UTC(1963, 11, 31, 16),
    ];
    for (let i = 0; i < 3000; i++) instants.push(Date.UTC(1960, 0, 1) + i * 833_333_333 + (i % 97) * 60_000);
    for (const zone of ['Asia/Jakarta', 'Asia/Singapore', 'Asia/Kuala_Lumpur'] as const) {
      const format = intl(zone);
      for (const ms of instants) {
        const { date, time } = toLocal(new Date(ms), zone);
        expect(`${date} ${time}`, `${zone} ${new Date(ms).toISOString()}`).toBe(format.format(ms));
      }
    }
  });

  it('gives a search its sailing times once worked out, the same each time, and never changed by a caller', () => {
    const departs = new Date('2026-12-24T01:30:00Z');
    const moment = portMoment(departs, 'Asia/Jakarta');
    expect(moment).toEqual({
      date: '2026-12-24',
      time: '08:30',
      zone: 'WIB',
      at: '2026-12-24T01:30:00.000Z',
    });
    expect(portMoment(new Date(departs), 'Asia/Jakarta')).toBe(moment);
    expect(portMoment(departs, 'Asia/Singapore')).toMatchObject({ time: '09:30', zone: 'SGT' });
    expect(Object.isFrozen(moment)).toBe(true);
    // A day's bounds are new Dates each time: changing one changes nobody else's.
    const first = localDayBounds('2026-12-24', 'Asia/Jakarta');
    first.start.setTime(0);
    expect(localDayBounds('2026-12-24', 'Asia/Jakarta').start.toISOString()).toBe('2026-12-23T17:00:00.000Z');
  });
});

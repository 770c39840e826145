import { describe, expect, it } from 'vitest';
import {
  boardingDeadlines,
  CHECK_IN_CLOSES_MINUTES_BEFORE,
  GATE_CLOSES_MINUTES_BEFORE,
} from '../../../src/domain/boarding.ts';
import { fromLocal, toLocal } from '../../../src/domain/port-time.ts';
import { ticketIssuedOn, ticketValidUntil } from '../../../src/domain/ticket-validity.ts';

describe('boarding deadlines', () => {
  it('are the product rules: check-in closes 1 hour, the gate 30 minutes before departure', () => {
    expect(CHECK_IN_CLOSES_MINUTES_BEFORE).toBe(60);
    expect(GATE_CLOSES_MINUTES_BEFORE).toBe(30);
  });

  it.each([
    // Batam (UTC+7): the first sailing of the day.
    ['2026-11-22', '06:00', 'Asia/Jakarta', '05:00', '05:30', '2026-11-22'],
    // Just after local midnight: both deadlines fall on the day before, at the terminal.
    ['2026-11-22', '00:30', 'Asia/Jakarta', '23:30', '00:00', '2026-11-21'],
    ['2026-11-22', '01:00', 'Asia/Jakarta', '00:00', '00:30', '2026-11-22'],
    // Singapore (UTC+8): 08:00 SGT is midnight UTC, the deadlines the UTC day before.
    ['2026-11-22', '08:00', 'Asia/Singapore', '07:00', '07:30', '2026-11-22'],
    // Over the new year.
    ['2027-01-01', '00:15', 'Asia/Singapore', '23:15', '23:45', '2026-12-31'],
  ] as const)(
    '%s %s at %s: check-in closes %s, the gate %s (check-in on %s)',
    (date, time, zone, checkIn, gate, checkInDate) => {
      const departs = fromLocal({ date, time }, zone);
      const { checkInCloses, gateCloses } = boardingDeadlines(departs);
      expect(toLocal(checkInCloses, zone)).toEqual({ date: checkInDate, time: checkIn });
      expect(toLocal(gateCloses, zone).time).toBe(gate);
    },
  );

  it('counts back exactly, to the second, and leaves the departure as it was', () => {
    const departs = new Date('2026-11-21T23:00:30.000Z');
    const { checkInCloses, gateCloses } = boardingDeadlines(departs);
    expect(departs.getTime() - checkInCloses.getTime()).toBe(60 * 60_000);
    expect(departs.getTime() - gateCloses.getTime()).toBe(30 * 60_000);
    expect(checkInCloses.toISOString()).toBe('2026-11-21T22:00:30.000Z');
    expect(departs.toISOString()).toBe('2026-11-21T23:00:30.000Z');
    expect(checkInCloses < gateCloses && gateCloses < departs).toBe(true);
  });

  it('refuses an invalid departure rather than answering Invalid Date', () => {
    expect(() => boardingDeadlines(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('ticket validity', () => {
  it.each([
    // Paid 23:30 UTC is already the next day in Batam: the Batam date is the issue date.
    ['2026-11-20T23:30:00Z', '2026-11-21', '2027-02-21'],
    ['2026-11-20T16:59:00Z', '2026-11-20', '2027-02-20'],
    // A month without that day ends on its last day.
    ['2026-11-30T03:00:00Z', '2026-11-30', '2027-02-28'],
  ])('paid at %s: issued %s, valid until %s', (paidAt, issued, until) => {
    expect(ticketIssuedOn(new Date(paidAt))).toBe(issued);
    expect(ticketValidUntil(issued)).toBe(until);
  });
});

import { describe, expect, it } from 'vitest';
import {
  lastTravelDate,
  passportErasureDue,
  passportsKeptFrom,
  PASSPORT_RETENTION_DAYS,
  policyRetentionDays,
  REFUND_ACCOUNT_RETENTION_DAYS,
  refundAccountsPaidBefore,
  SECURITY_LOG_RETENTION_DAYS,
} from '../../../src/domain/retention.ts';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;
/** Noon in Batam (05:00 UTC) `days` after a Batam date. */
const batamNoonAfter = (date: string, days: number) =>
  new Date(new Date(`${date}T05:00:00Z`).getTime() + days * DAY);

describe('the retention periods', () => {
  it('are the privacy policy’s 90 days, named as its placeholders name them', () => {
    expect([PASSPORT_RETENTION_DAYS, REFUND_ACCOUNT_RETENTION_DAYS, SECURITY_LOG_RETENTION_DAYS]).toEqual([
      90, 90, 90,
    ]);
    expect(policyRetentionDays).toEqual({
      passportRetentionDays: 90,
      refundAccountRetentionDays: 90,
      securityLogRetentionDays: 90,
    });
  });
});

describe("a booking's last travel date", () => {
  const bookedAt = at('2026-11-01T03:00:00Z');

  it.each([
    ['a one-way sailing: its Batam date', [{ departsAt: at('2026-12-10T01:00:00Z') }], '2026-12-10'],
    [
      'a sailing late in the UTC evening: already the next day in Batam',
      [{ departsAt: at('2026-12-10T18:00:00Z') }],
      '2026-12-11',
    ],
    [
      'two ways: the return, whichever order the legs come in',
      [{ departsAt: at('2026-12-20T01:00:00Z') }, { departsAt: at('2026-12-10T01:00:00Z') }],
      '2026-12-20',
    ],
    [
      'rescheduled earlier: the sailing first booked still counts (the later of the two)',
      [{ departsAt: at('2026-12-20T01:00:00Z') }, { departsAt: at('2026-12-05T01:00:00Z') }],
      '2026-12-20',
    ],
    [
      'an open leg: the open ticket’s last valid day (3 months after issue)',
      [{ openSince: at('2026-11-02T03:00:00Z') }],
      '2027-02-02',
    ],
    [
      'an outbound sailing and an open return: the open ticket’s last day',
      [{ departsAt: at('2026-11-10T01:00:00Z') }, { openSince: at('2026-11-02T03:00:00Z') }],
      '2027-02-02',
    ],
    ['no leg at all: the day it was booked', [], '2026-11-01'],
  ])('%s', (_, legs, expected) => {
    expect(lastTravelDate(bookedAt, legs)).toBe(expected);
  });

  it('is never before the day the booking was made', () => {
    expect(lastTravelDate(at('2026-11-01T03:00:00Z'), [{ departsAt: at('2026-10-01T01:00:00Z') }])).toBe(
      '2026-11-01',
    );
  });
});

describe('passport erasure', () => {
  const lastTravel = '2026-12-10';

  it.each([
    [0, false],
    [89, false],
    [90, false],
    [91, true],
    [400, true],
  ])('%i days after the last travel date: erased %s', (days, due) => {
    expect(passportErasureDue(lastTravel, batamNoonAfter(lastTravel, days))).toBe(due);
  });

  it('turns at Batam midnight, not UTC', () => {
    // 2027-03-10 is day 90, 2027-03-11 day 91 after 2026-12-10; Batam's day 91 starts at 17:00 UTC the day before.
    expect(passportErasureDue(lastTravel, at('2027-03-10T16:59:59Z'))).toBe(false);
    expect(passportErasureDue(lastTravel, at('2027-03-10T17:00:00Z'))).toBe(true);
  });

  it('keeps from a day whose Batam midnight the jobs compare departures with', () => {
    expect(passportsKeptFrom(at('2027-03-10T17:00:00Z'))).toEqual({
      date: '2026-12-11',
      from: at('2026-12-10T17:00:00Z'),
    });
  });
});

describe('refund bank account erasure', () => {
  it('falls 90 days to the millisecond after the refund was paid', () => {
    const paidAt = at('2026-12-01T08:00:00Z');
    const cutoff = (days: number) => refundAccountsPaidBefore(new Date(paidAt.getTime() + days * DAY));
    expect(paidAt < cutoff(89)).toBe(false);
    expect(paidAt < cutoff(90)).toBe(false);
    expect(paidAt < new Date(cutoff(90).getTime() + 1)).toBe(true);
    expect(paidAt < cutoff(91)).toBe(true);
  });
});

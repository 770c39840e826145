import { describe, expect, it } from 'vitest';
import { passportProblems } from '../../../src/domain/passport.ts';
import { addMonths } from '../../../src/domain/port-time.ts';

describe('adding calendar months', () => {
  it.each([
    ['2026-11-21', 6, '2027-05-21'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
  ])('%s + %i months is %s', (date, months, expected) => {
    expect(addMonths(date, months)).toBe(expected);
  });
});

describe('passport rules', () => {
  const today = '2026-11-21';
  const keys = (issued: string, expiry: string, travel = '2026-12-20') =>
    passportProblems({ issued, expiry }, today, travel).map((p) => `${p.field}:${p.key}`);

  it.each([
    ['a passport valid 6 months after the last sailing', '2020-01-10', '2027-06-20', []],
    ['expiry exactly 6 months after the last sailing', '2020-01-10', '2027-06-20', []],
    [
      'one day short of 6 months after the last sailing',
      '2020-01-10',
      '2027-06-19',
      ['passportExpiry:passport_error_validity'],
    ],
    ['issued today', today, '2036-11-20', []],
    ['issued tomorrow', '2026-11-22', '2036-11-21', ['passportIssued:passport_error_issued_future']],
    [
      'an expiry before issue',
      '2020-01-10',
      '2019-01-10',
      ['passportExpiry:passport_error_expiry_before_issue'],
    ],
  ] as const)('%s', (_case, issued, expiry, expected) => {
    expect(keys(issued, expiry)).toEqual(expected);
  });

  it('counts from today when the travel date is not later (an open ticket)', () => {
    expect(keys('2020-01-10', '2027-05-21', '2026-01-01')).toEqual([]);
    expect(keys('2020-01-10', '2027-05-20', '2026-01-01')).toEqual([
      'passportExpiry:passport_error_validity',
    ]);
  });
});

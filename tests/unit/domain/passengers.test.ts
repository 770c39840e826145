import { describe, expect, it } from 'vitest';
import {
  birthDateProblem,
  categoryOnTravelDate,
  passengerCountProblems,
  seatsNeeded,
} from '../../../src/domain/passengers.ts';

describe('passenger counts', () => {
  it.each([
    [{ adult: 1, child: 0, infant: 0 }, []],
    [{ adult: 9, child: 0, infant: 9 }, []],
    [{ adult: 4, child: 5, infant: 2 }, []],
    [{ adult: 0, child: 1, infant: 0 }, ['search_error_adults_min']],
    [{ adult: 5, child: 5, infant: 0 }, ['search_error_party_max']],
    [{ adult: 1, child: 0, infant: 2 }, ['search_error_infants_max']],
    [
      { adult: 0, child: 10, infant: 1 },
      ['search_error_adults_min', 'search_error_party_max', 'search_error_infants_max'],
    ],
  ])('%j -> %j', (counts, keys) => {
    expect(passengerCountProblems(counts).map((p) => p.key)).toEqual(keys);
  });

  it('gives infants no seat of their own', () => {
    expect(seatsNeeded({ adult: 2, child: 1, infant: 2 })).toBe(3);
  });
});

describe('category on the day of travel', () => {
  it.each([
    ['2024-11-23', '2026-11-22', 'infant'], // one day before the 2nd birthday
    ['2024-11-22', '2026-11-22', 'child'], // 2nd birthday
    ['2014-11-23', '2026-11-22', 'child'], // day before the 12th birthday
    ['2014-11-22', '2026-11-22', 'adult'], // 12th birthday
    ['1980-01-01', '2026-11-22', 'adult'],
    ['2026-11-01', '2026-11-22', 'infant'],
    ['2024-02-29', '2026-02-28', 'infant'], // leap-day birthday
    ['2024-02-29', '2026-03-01', 'child'],
  ] as const)('born %s, travelling %s: %s', (birth, travel, category) => {
    expect(categoryOnTravelDate(birth, travel)).toBe(category);
  });
});

describe('date of birth against the category booked', () => {
  const today = '2026-11-23';
  const travel = '2026-12-06';
  it.each([
    ['2014-12-06', 'adult', undefined], // 12th birthday on the day of travel: adult
    ['2014-12-06', 'child', 'passenger_error_birth_implies_adult'],
    ['2014-12-07', 'child', undefined], // 12 the day after travel: still a child
    ['2014-12-07', 'adult', 'passenger_error_birth_implies_child'],
    ['2024-12-06', 'child', undefined], // 2nd birthday on the day of travel
    ['2024-12-07', 'child', 'passenger_error_birth_implies_infant'],
    ['2024-12-07', 'infant', undefined],
    ['2024-12-06', 'infant', 'passenger_error_birth_implies_child'],
    ['2026-11-23', 'infant', undefined], // born today
    ['2026-11-24', 'infant', 'passenger_error_birth_future'], // born tomorrow: a typing mistake
  ] as const)('born %s, booked as %s: %s', (birth, booked, problem) => {
    expect(birthDateProblem(birth, booked, [travel], today)).toBe(problem);
  });
});

describe('date of birth on every day of a two way trip', () => {
  it('refuses a child who turns 12 between the outbound and the return, naming the category of the return', () => {
    expect(birthDateProblem('2014-12-08', 'child', ['2026-12-06', '2026-12-09'], '2026-11-23')).toBe(
      'passenger_error_birth_implies_adult',
    );
    expect(
      birthDateProblem('2014-12-10', 'child', ['2026-12-06', '2026-12-09'], '2026-11-23'),
    ).toBeUndefined();
  });
});

/** Passenger categories by age on the day of travel (docs/product-rules.md, Search and passengers). */
export const passengerCategories = ['adult', 'child', 'infant'] as const;
export type PassengerCategory = (typeof passengerCategories)[number];
export type ByCategory<T> = Record<PassengerCategory, T>;
export type PassengerCounts = ByCategory<number>;

/** Sex as printed in a passport (ICAO 9303): female, male, or X (unspecified). */
export const passportSexes = ['F', 'M', 'X'] as const;
export type PassportSex = (typeof passportSexes)[number];

export const MAX_SEATED_PASSENGERS = 9;
/** The largest party: nine seated, each adult with an infant on the lap. */
export const MAX_PARTY = MAX_SEATED_PASSENGERS * 2;

/** The party-size rules' message keys (the search form's error words include them). */
export const partyProblemKeys = [
  'search_error_adults_min',
  'search_error_party_max',
  'search_error_infants_max',
] as const;
interface PartyProblem {
  field: 'adults' | 'children' | 'infants';
  key: (typeof partyProblemKeys)[number];
}

/** The party-size rules, as message keys: adults >= 1, adults + children <= 9, infants <= adults. */
export function passengerCountProblems(counts: PassengerCounts): PartyProblem[] {
  const problems: PartyProblem[] = [];
  if (counts.adult < 1) problems.push({ field: 'adults', key: 'search_error_adults_min' });
  if (counts.adult + counts.child > MAX_SEATED_PASSENGERS)
    problems.push({ field: 'children', key: 'search_error_party_max' });
  if (counts.infant > counts.adult) problems.push({ field: 'infants', key: 'search_error_infants_max' });
  return problems;
}

/** Infants travel on an adult's lap: seats are taken by adults and children only. */
export function seatsNeeded(counts: PassengerCounts): number {
  return counts.adult + counts.child;
}

/**
 * Category on the day of travel: infant under 2 years, child 2 to 11 years (up to the day before the 12th
 * birthday), adult 12 and over. Dates are `YYYY-MM-DD` calendar dates.
 */
export function categoryOnTravelDate(birthDate: string, travelDate: string): PassengerCategory {
  const age = completedYears(birthDate, travelDate);
  if (age < 2) return 'infant';
  if (age < 12) return 'child';
  return 'adult';
}

function completedYears(from: string, to: string): number {
  const [fy = 0, fm = 0, fd = 0] = from.split('-').map(Number);
  const [ty = 0, tm = 0, td = 0] = to.split('-').map(Number);
  const hadBirthday = tm > fm || (tm === fm && td >= fd);
  return ty - fy - (hadBirthday ? 0 : 1);
}

/** The date-of-birth rules' message keys (the booking flow's error words include them). */
export const birthDateProblemKeys = [
  'passenger_error_birth_future',
  'passenger_error_birth_implies_adult',
  'passenger_error_birth_implies_child',
  'passenger_error_birth_implies_infant',
] as const;
export type BirthDateProblemKey = (typeof birthDateProblemKeys)[number];

/**
 * A passenger's date of birth against the category their seat was booked and priced as, on every day of travel
 * (a child who turns 12 between the outbound and the return travels home as an adult). The message names the
 * category the date implies, so the traveller knows whether the date or the search was wrong. Dates are
 * `YYYY-MM-DD` at each leg's departure terminal.
 */
export function birthDateProblem(
  birthDate: string,
  booked: PassengerCategory,
  travelDates: readonly string[],
  today: string,
): BirthDateProblemKey | undefined {
  if (birthDate > today) return 'passenger_error_birth_future';
  const implied = travelDates
    .map((date) => categoryOnTravelDate(birthDate, date))
    .find((category) => category !== booked);
  return implied ? `passenger_error_birth_implies_${implied}` : undefined;
}

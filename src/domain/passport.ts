import { addMonths } from './port-time.ts';

/** A passport must stay valid this long after the booking's last travel date (docs/product-rules.md). */
export const PASSPORT_MIN_VALIDITY_MONTHS = 6;

export interface PassportDates {
  /** `YYYY-MM-DD` */
  issued: string;
  expiry: string;
}

/** The passport rules' message keys (the booking flow's error words include them). */
export const passportProblemKeys = [
  'passport_error_issued_future',
  'passport_error_expiry_before_issue',
  'passport_error_validity',
] as const;

export interface PassportProblem {
  field: 'passportIssued' | 'passportExpiry';
  key: (typeof passportProblemKeys)[number];
}

/**
 * The passport rules as message keys: issued not in the future; expiry after issue and at least 6 months after the
 * last travel date (never earlier than today). Dates are calendar dates at the traveller's departure terminal.
 */
export function passportProblems(
  passport: PassportDates,
  today: string,
  lastTravelDate: string,
): PassportProblem[] {
  const problems: PassportProblem[] = [];
  if (passport.issued > today)
    problems.push({ field: 'passportIssued', key: 'passport_error_issued_future' });
  if (passport.expiry <= passport.issued)
    problems.push({ field: 'passportExpiry', key: 'passport_error_expiry_before_issue' });
  else {
    const travel = lastTravelDate > today ? lastTravelDate : today;
    if (passport.expiry < addMonths(travel, PASSPORT_MIN_VALIDITY_MONTHS))
      problems.push({ field: 'passportExpiry', key: 'passport_error_validity' });
  }
  return problems;
}

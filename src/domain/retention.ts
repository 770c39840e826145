import { agencyDate, agencyToday, fromAgencyTime } from './agency.ts';
import { addDays } from './port-time.ts';
import { ticketIssuedOn, ticketValidUntil } from './ticket-validity.ts';

/*
 * How long personal data is kept, as the privacy policy promises (its page reads these numbers: the
 * `{passportRetentionDays}` placeholders of src/content/pages/{en,id}/privacy-policy.md). The jobs that erase what is
 * due ask the functions below with their clock; docs/data-retention.md says what each erases and keeps.
 */

/** A booking's passport numbers and dates are kept this many days after its last travel date. */
export const PASSPORT_RETENTION_DAYS = 90;

/** The bank account a refund was transferred to is kept this many days after the refund was paid. */
export const REFUND_ACCOUNT_RETENTION_DAYS = 90;

/**
 * Security logs that name a client's IP address are kept this many days. No table holds a client address today
 * (the rate limits keep a hash of one only until their window ends: jobs/clear-attempt-records.ts), so this is
 * what the policy says and the ceiling a log that starts keeping one must be held to, by a job of its own.
 */
export const SECURITY_LOG_RETENTION_DAYS = 90;

/** The numbers the privacy policy states, by the placeholder name its Markdown writes them with. */
export const policyRetentionDays = {
  passportRetentionDays: PASSPORT_RETENTION_DAYS,
  refundAccountRetentionDays: REFUND_ACCOUNT_RETENTION_DAYS,
  securityLogRetentionDays: SECURITY_LOG_RETENTION_DAYS,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One leg segment a booking was ever booked on: a sailing (its departure, as now: a delay moves it), or an open
 * leg never given one, usable from the instant its tickets were issued (the booking's creation when it never was
 * paid) until the open ticket lapses.
 */
export type BookedLeg = { departsAt: Date } | { openSince: Date };

/**
 * The last Batam date the booking could have been travelled on: the latest of every sailing it was ever booked on
 * (a rescheduled ticket's old and new sailings, both legs of a two-way booking, cancelled tickets' sailings too:
 * a cancellation comes before its departure, so that date is never earlier than the cancellation's) and, for an
 * open leg, the open ticket's last valid day. Never earlier than the day the booking was made.
 */
export function lastTravelDate(bookedAt: Date, legs: readonly BookedLeg[]): string {
  return legs.reduce((latest, leg) => {
    const date =
      'departsAt' in leg ? agencyDate(leg.departsAt) : ticketValidUntil(ticketIssuedOn(leg.openSince));
    return date > latest ? date : latest;
  }, agencyDate(bookedAt));
}

/**
 * The first last-travel date whose passports are still kept at `now` (its Batam midnight as `from`): a booking
 * whose last travel date is earlier is due. Kept through the 90th day after travel, erased from the day after.
 */
export function passportsKeptFrom(now: Date): { date: string; from: Date } {
  const date = addDays(agencyToday(now), -PASSPORT_RETENTION_DAYS);
  return { date, from: fromAgencyTime({ date, time: '00:00' }) };
}

/** Whether a booking last travelled on `lastTravel` has its passport numbers and dates erased at `now`. */
export function passportErasureDue(lastTravel: string, now: Date): boolean {
  return lastTravel < passportsKeptFrom(now).date;
}

/** Refunds paid before this instant have the bank account they went to deleted (90 days to the millisecond). */
export function refundAccountsPaidBefore(now: Date): Date {
  return new Date(now.getTime() - REFUND_ACCOUNT_RETENTION_DAYS * DAY_MS);
}

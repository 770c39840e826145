import { fromLocal, portTime, toLocal, type LocalDateTime } from './port-time.ts';
import { AGENCY_TIME_ZONE } from './time-zones.ts';

/*
 * The agency's clock. A sailing's date and time are read at its own terminal (port-time.ts); what is the agency's
 * (a ticket's issue day, a refund's, a payment deadline, the first day a search or a birth date may name) is read
 * in Batam, whatever the route, so one booking never shows two "todays".
 */

/** The Batam calendar date `YYYY-MM-DD` at an instant: the day a ticket was issued, a refund paid. */
export function agencyDate(instant: Date): string {
  return toLocal(instant, AGENCY_TIME_ZONE).date;
}

/** The agency's today at `now`: `2026-11-22`. */
export function agencyToday(now: Date): string {
  return agencyDate(now);
}

/** An instant on the agency's wall clock with its zone, `{ date, time, zone: 'WIB' }`: a payment deadline. */
export function agencyTime(instant: Date): LocalDateTime & { zone: string } {
  return portTime(instant, AGENCY_TIME_ZONE);
}

/** The instant a wall-clock time in Batam names (`{ date: '2026-12-24', time: '18:00' }`): a staff member's entry. */
export function fromAgencyTime(local: LocalDateTime): Date {
  return fromLocal(local, AGENCY_TIME_ZONE);
}

/** An instant as a `datetime-local` field shows it on Batam's clock: `2026-12-24T18:00`. */
export function agencyWallClock(instant: Date): string {
  const { date, time } = agencyTime(instant);
  return `${date}T${time}`;
}

/** The instant a `datetime-local` value names on Batam's clock; undefined for a day or time that does not exist. */
export function fromAgencyWallClock(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return undefined;
  const local = { date: value.slice(0, 10), time: value.slice(11, 16) };
  if (Number.isNaN(Date.parse(`${local.date}T${local.time}:00Z`))) return undefined;
  const instant = fromAgencyTime(local);
  // `2026-02-30` parses as 2 March: only a value that comes back as itself names a real time.
  return agencyWallClock(instant) === value ? instant : undefined;
}

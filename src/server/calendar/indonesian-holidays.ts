import Holidays from 'date-holidays';
import { refundDueDate } from '../../domain/after-sales.ts';
import { agencyToday } from '../../domain/agency.ts';

/**
 * Indonesian public holidays (hari libur nasional), for counting a refund's working days. `date-holidays` computes
 * them per year, including the lunar ones (Idul Fitri, Nyepi, Waisak); only its `public` ones close the banks.
 * Collective leave days (cuti bersama) are set by decree each year and are not in it: around them the date shown
 * can be a day or two earlier than the banks' own calendar; the refund queue pays by the date shown.
 */
const holidays = new Holidays('ID');
const byYear = new Map<number, Set<string>>();

function publicHolidaysOf(year: number): Set<string> {
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Set(
      holidays
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    byYear.set(year, dates);
  }
  return dates;
}

/** Whether a calendar date (`YYYY-MM-DD`) is an Indonesian public holiday. */
export function isIndonesianPublicHoliday(date: string): boolean {
  return publicHolidaysOf(Number(date.slice(0, 4))).has(date);
}

/** The Batam date by which a refund asked for at `now` is paid: 7 Indonesian working days (domain/after-sales.ts). */
export function refundDueOn(now: Date): string {
  return refundDueDate(agencyToday(now), isIndonesianPublicHoliday);
}

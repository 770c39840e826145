import type { TicketStatus } from './booking-lifecycle.ts';
import { csvText } from './csv.ts';
import type { PassengerCategory, PassportSex } from './passengers.ts';

/**
 * A sailing's passenger manifest: what operators hand the harbour master (Syahbandar) and immigration for an
 * international crossing. One row per passenger on board (infants too: they travel on a lap but are counted), in
 * the order the CSV, the printable page and the PDF all share. Pure: the rows come from services/sailing-manifest.ts.
 */
export interface ManifestPassenger {
  fullName: string;
  category: PassengerCategory;
  /** ISO 3166 alpha-2; null until asked at check-in or added at the counter. */
  nationality: string | null;
  sex: PassportSex | null;
  dateOfBirth: string | null;
  /** Null once erased, 90 days after the booking's last travel date (retention.ts). */
  passportNumber: string | null;
  passportCountry: string;
  passportExpiry: string | null;
  ticketNumber: string;
  eTicketNumber: string | null;
  bookingCode: string;
  ticketStatus: TicketStatus;
  checkedInAt: Date | null;
}

/** The CSV's columns, in order (docs/manifest.md says what each holds). */
export const MANIFEST_COLUMNS = [
  'no',
  'full_name',
  'nationality',
  'sex',
  'date_of_birth',
  'passport_number',
  'passport_country',
  'passport_expiry',
  'ticket_number',
  'e_ticket_number',
  'category',
  'booking_code',
  'check_in',
  'boarding',
  'missing',
] as const;

/** What the harbour master needs that a passenger's record still lacks. */
export type ManifestGap = 'nationality' | 'sex' | 'date_of_birth';

export function manifestGaps(passenger: Pick<ManifestPassenger, 'nationality' | 'sex' | 'dateOfBirth'>) {
  const gaps: ManifestGap[] = [];
  if (!passenger.nationality) gaps.push('nationality');
  if (!passenger.sex) gaps.push('sex');
  if (!passenger.dateOfBirth) gaps.push('date_of_birth');
  return gaps;
}

/** Checked in (online or at the counter) and boarded, from a ticket's status. */
export function manifestStates(status: TicketStatus): { checkedIn: boolean; boarded: boolean } {
  return { checkedIn: status === 'checked_in' || status === 'boarded', boarded: status === 'boarded' };
}

/** Passengers in the order a harbour master reads them: by name, then ticket, so a re-export is the same file. */
export function manifestOrder<T extends Pick<ManifestPassenger, 'fullName' | 'ticketNumber'>>(
  rows: readonly T[],
) {
  return [...rows].sort(
    (a, b) =>
      a.fullName.localeCompare(b.fullName, 'en', { sensitivity: 'base' }) ||
      a.ticketNumber.localeCompare(b.ticketNumber),
  );
}

/** The manifest as CSV (domain/csv.ts): codes and ISO dates, so any office software reads it whatever its language. */
export function manifestCsv(rows: readonly ManifestPassenger[]): string {
  return csvText(
    MANIFEST_COLUMNS,
    manifestOrder(rows).map((row, index) => {
      const { checkedIn, boarded } = manifestStates(row.ticketStatus);
      return [
        index + 1,
        row.fullName,
        row.nationality ?? '',
        row.sex ?? '',
        row.dateOfBirth ?? '',
        row.passportNumber ?? '',
        row.passportCountry,
        row.passportExpiry ?? '',
        row.ticketNumber,
        row.eTicketNumber ?? '',
        row.category,
        row.bookingCode,
        checkedIn ? 'yes' : 'no',
        boarded ? 'yes' : 'no',
        manifestGaps(row).join(' '),
      ];
    }),
  );
}

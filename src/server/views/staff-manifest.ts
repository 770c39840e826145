import { agencyTime } from '../../domain/agency.ts';
import { MANIFEST_COLUMNS, manifestGaps, manifestStates } from '../../domain/manifest.ts';
import { formatPortTime } from '../../i18n/format.ts';
import { intlTags, localizePath, type Locale } from '../../i18n/locales.ts';
import { translate, type MessageKey } from '../../i18n/translate.ts';
import type { ManifestRow } from '../services/sailing-manifest.ts';

/**
 * The manifest as people read it (the console's sailing page, its printable page and its PDF), in the reader's
 * language: country names beside their codes, yes and no in words, and what is still missing named. The CSV keeps
 * codes (domain/manifest.ts).
 */

/** The columns' headings, in the CSV's order (the CSV's own codes are MANIFEST_COLUMNS). */
export const manifestHeadings = (locale: Locale) =>
  MANIFEST_COLUMNS.map((column) => translate(`staff_manifest_col_${column}` as MessageKey, locale));

export function manifestLine(row: ManifestRow, index: number, locale: Locale) {
  const regions = new Intl.DisplayNames([intlTags[locale]], { type: 'region' });
  const country = (code: string | null) => (code ? `${code} (${regions.of(code) ?? code})` : '');
  const { checkedIn, boarded } = manifestStates(row.ticketStatus);
  const yes = translate('staff_manifest_yes', locale);
  const no = translate('staff_manifest_no', locale);
  const gaps = manifestGaps(row);
  return {
    no: index + 1,
    bookingId: row.bookingId,
    position: row.position,
    bookingHref: localizePath(`/staff/bookings/${row.bookingId}`, locale),
    fullName: row.fullName,
    nationality: row.nationality ?? '',
    nationalityName: country(row.nationality),
    sex: row.sex ?? '',
    dateOfBirth: row.dateOfBirth ?? '',
    passportNumber: row.passportNumber,
    passportCountry: row.passportCountry,
    passportCountryName: country(row.passportCountry),
    passportExpiry: row.passportExpiry,
    ticketNumber: row.ticketNumber,
    eTicketNumber: row.eTicketNumber ?? '',
    category: translate(`price_category_${row.category}`, locale),
    bookingCode: row.bookingCode,
    checkedIn: checkedIn
      ? row.checkedInAt
        ? `${yes}, ${formatPortTime(agencyTime(row.checkedInAt), locale)}`
        : yes
      : no,
    checkedInWord: checkedIn ? yes : no,
    boarded: boarded ? yes : no,
    isCheckedIn: checkedIn,
    gaps,
    missing: gaps.map((gap) => translate(`staff_manifest_missing_${gap}`, locale)).join(', '),
  };
}
export type ManifestLine = ReturnType<typeof manifestLine>;

/** How many passengers, checked in, boarded, and with something still missing: the manifest's foot line. */
export function manifestSummary(lines: readonly ManifestLine[], locale: Locale): string {
  return translate('staff_manifest_summary', locale, {
    count: lines.length,
    checkedIn: lines.filter((line) => line.isCheckedIn).length,
    missing: lines.filter((line) => line.gaps.length > 0).length,
  });
}

/**
 * The agency's own zone: it sells from Batam, so its dates (a ticket's issue day, a refund's, the search form's
 * first day) are read on Batam's clock whatever the route (domain/agency.ts). The one place the zone is named in
 * code; the terminals name theirs in src/content.
 */
export const AGENCY_TIME_ZONE = 'Asia/Jakarta';

/** The IANA zones of the network's terminals and the abbreviations travellers see next to a time. */
export const terminalTimeZones = [AGENCY_TIME_ZONE, 'Asia/Singapore', 'Asia/Kuala_Lumpur'] as const;
export type TerminalTimeZone = (typeof terminalTimeZones)[number];

const abbreviations: Record<TerminalTimeZone, string> = {
  [AGENCY_TIME_ZONE]: 'WIB',
  'Asia/Singapore': 'SGT',
  'Asia/Kuala_Lumpur': 'MYT',
};

/** Batam's zone -> `WIB`. Intl would print `GMT+7`, which nobody at a Batam terminal says. */
export function zoneAbbreviation(zone: TerminalTimeZone): string {
  return abbreviations[zone];
}

/** The IANA zones of the network's terminals and the abbreviations travellers see next to a time. */
export const terminalTimeZones = ['Asia/Jakarta', 'Asia/Singapore', 'Asia/Kuala_Lumpur'] as const;
export type TerminalTimeZone = (typeof terminalTimeZones)[number];

const abbreviations: Record<TerminalTimeZone, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Singapore': 'SGT',
  'Asia/Kuala_Lumpur': 'MYT',
};

/** `Asia/Jakarta` -> `WIB`. Intl would print `GMT+7`, which nobody at a Batam terminal says. */
export function zoneAbbreviation(zone: TerminalTimeZone): string {
  return abbreviations[zone];
}

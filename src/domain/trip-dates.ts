/**
 * The return sailing must leave after the outbound arrives, not at the same minute (docs/product-rules.md).
 * The server refuses such a pair when it holds seats; the results page and its bar rule such returns out
 * beforehand.
 */
export function returnLeavesInTime(outboundArrivesAt: Date, returnDepartsAt: Date): boolean {
  return returnDepartsAt.getTime() > outboundArrivesAt.getTime();
}

/**
 * A booking's travel dates at each leg's departure terminal (`YYYY-MM-DD`), in leg order. An open ticket names no
 * sailing yet (`undefined`): today stands in until it is claimed, and claiming checks again.
 */
export function travelDates(legDates: readonly (string | undefined)[], today: string): string[] {
  return legDates.map((date) => date ?? today);
}

/** The last day of travel, never before today: passports must stay valid 6 months after it. */
export function lastTravelDate(dates: readonly string[], today: string): string {
  return dates.reduce((latest, date) => (date > latest ? date : latest), today);
}

/**
 * When the terminal stops letting a ticket holder through, counted back from the sailing's departure
 * (docs/product-rules.md, Check-in and boarding: baggage check-in closes 1 hour before departure, the
 * boarding gate 30 minutes before). The trip card, the calendar file and the e-mail all read these, so a
 * change here changes every one of them.
 */
export const CHECK_IN_CLOSES_MINUTES_BEFORE = 60;
export const GATE_CLOSES_MINUTES_BEFORE = 30;

const MINUTE_MS = 60_000;

export interface BoardingDeadlines {
  /** The last moment to check in (and hand over baggage) at the counter. */
  checkInCloses: Date;
  /** The last moment to pass the boarding gate. */
  gateCloses: Date;
}

/** Both deadlines of a sailing, as instants: the caller shows them in the departure terminal's own zone. */
export function boardingDeadlines(departsAt: Date): BoardingDeadlines {
  const departs = departsAt.getTime();
  if (Number.isNaN(departs)) throw new RangeError('Not a departure instant');
  return {
    checkInCloses: new Date(departs - CHECK_IN_CLOSES_MINUTES_BEFORE * MINUTE_MS),
    gateCloses: new Date(departs - GATE_CLOSES_MINUTES_BEFORE * MINUTE_MS),
  };
}

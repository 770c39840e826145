/** At or below this many seats, travellers see the exact number; above it, just "available". */
export const EXACT_SEATS_THRESHOLD = 10;
/** Online booking of a sailing closes this long before departure (baggage check-in closes then too). */
export const BOOKING_CUTOFF_MINUTES = 60;

export type Availability =
  { status: 'available' } | { status: 'limited'; seatsLeft: number } | { status: 'sold_out' };

/** What a traveller may know of a sailing's seats: exact when 10 or fewer, never more than they need. */
export function availability(capacity: number, taken: number): Availability {
  const left = Math.max(0, capacity - taken);
  if (left === 0) return { status: 'sold_out' };
  if (left <= EXACT_SEATS_THRESHOLD) return { status: 'limited', seatsLeft: left };
  return { status: 'available' };
}

/** A sailing is bookable until the cutoff before its departure. */
export function isBookable(departsAt: Date, now: Date): boolean {
  return now.getTime() <= lastBookableAt(departsAt);
}

/** The last instant (epoch ms) a sailing takes bookings: the cutoff before its departure. */
export function lastBookableAt(departsAt: Date): number {
  return departsAt.getTime() - BOOKING_CUTOFF_MINUTES * 60_000;
}

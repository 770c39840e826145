/**
 * A sailing's seats as the agency reads them on the day: sold (paid, kept), held (a hold or a VA awaiting payment,
 * until it lapses) and free; and its load factor, the share of its seats sold. Infants sit on a lap and count in
 * none of these. Pure: the numbers come from services/sailing-loads.ts.
 */
export interface SeatCounts {
  capacity: number;
  sold: number;
  held: number;
}

/** Seats nobody holds or bought; never below zero (a capacity cut below holds leaves none free, not a debt). */
export function freeSeats({ capacity, sold, held }: SeatCounts): number {
  return Math.max(0, capacity - sold - held);
}

/** The whole percent of seats sold, rounded down, so a sailing reads 100 % only when it is truly full. */
export function loadFactor({ capacity, sold }: Pick<SeatCounts, 'capacity' | 'sold'>): number {
  return capacity > 0 ? Math.floor((sold * 100) / capacity) : 0;
}

export type CapacityRefusal = 'capacity_below_sold' | 'capacity_not_whole' | 'sailing_cancelled';

/** The most seats a vessel of this agency's routes carries: a typo's extra zero is refused, not sold. */
export const MAX_CAPACITY = 600;

/**
 * Why a sailing cannot take a new capacity (a smaller or larger vessel): a whole number from 1 to 600, and never
 * below the seats already sold or held now (those travellers keep their seats; a hold lapses or is paid first).
 */
export function capacityRefusal(
  seats: SeatCounts & { cancelled: boolean },
  capacity: number,
): CapacityRefusal | undefined {
  if (seats.cancelled) return 'sailing_cancelled';
  if (!Number.isInteger(capacity) || capacity < 1 || capacity > MAX_CAPACITY) return 'capacity_not_whole';
  if (capacity < seats.sold + seats.held) return 'capacity_below_sold';
  return undefined;
}

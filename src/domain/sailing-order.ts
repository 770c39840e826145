/** How a traveller may order the sailings of a day (the results' "Sort by"). */
export const sailingSorts = ['departure', 'price', 'duration'] as const;
export type SailingSort = (typeof sailingSorts)[number];

/** Parts of the day by local departure time, the way travellers plan a crossing. */
export const timesOfDay = ['morning', 'afternoon', 'evening'] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/** Morning until 11:59, afternoon from 12:00 to 16:59, evening from 17:00 (local time at the departure port). */
export function timeOfDay(localTime: string): TimeOfDay {
  if (localTime < '12:00') return 'morning';
  if (localTime < '17:00') return 'afternoon';
  return 'evening';
}

/** What ordering and filtering need of a sailing. */
export interface Orderable {
  id: string;
  operator: { code: string };
  /** Local departure time, `HH:MM`. */
  departure: { time: string; at: string };
  durationMinutes: number;
  /** The party's price on this sailing. */
  price: { subtotal: { total: number } };
}

export interface SailingView {
  sort: SailingSort;
  /** An operator's code: only its sailings. */
  line?: string | undefined;
  departs?: TimeOfDay | undefined;
}

/**
 * The sailings a traveller asked to see, in the order asked. Ties keep departure order, so "cheapest" lists the
 * earliest of two equal fares first. A sailing already chosen (`keep`) stays in view whatever the filter: a choice
 * the page no longer shows could be neither seen nor changed.
 */
export function arrangeSailings<T extends Orderable>(
  sailings: readonly T[],
  view: SailingView,
  keep: readonly (string | undefined)[] = [],
): T[] {
  const kept = (s: T) => keep.includes(s.id);
  const departure = (s: T) => Date.parse(s.departure.at);
  const key: Record<SailingSort, (s: T) => number> = {
    departure,
    price: (s) => s.price.subtotal.total,
    duration: (s) => s.durationMinutes,
  };
  return sailings
    .filter((s) => kept(s) || view.line === undefined || s.operator.code === view.line)
    .filter((s) => kept(s) || view.departs === undefined || timeOfDay(s.departure.time) === view.departs)
    .sort((a, b) => key[view.sort](a) - key[view.sort](b) || departure(a) - departure(b));
}

/**
 * An operator's delay of a sailing (the console, admins): a new departure time, later than the current one, the
 * arrival moved by as much. Longer than a day is not a delay but another sailing: the operator cancels this one.
 * Pure: the use case decides under the sailing's lock (use-cases/staff-delay-sailing.ts).
 */
export const MAX_DELAY_MINUTES = 24 * 60;

export type DelayRefusal = 'sailing_cancelled' | 'departed' | 'not_later' | 'too_long';

/**
 * Why a sailing cannot be delayed to `to` at `now`, or undefined when it can. The day is counted from the departure
 * first published (`scheduledDepartsAt`), so delays one after another never add up past it.
 */
export function delayRefusal(
  sailing: { departsAt: Date; scheduledDepartsAt?: Date | null; cancelled: boolean },
  to: Date,
  now: Date,
): DelayRefusal | undefined {
  if (sailing.cancelled) return 'sailing_cancelled';
  if (sailing.departsAt.getTime() <= now.getTime()) return 'departed';
  if (to.getTime() <= sailing.departsAt.getTime()) return 'not_later';
  const first = (sailing.scheduledDepartsAt ?? sailing.departsAt).getTime();
  if (to.getTime() - first > MAX_DELAY_MINUTES * 60_000) return 'too_long';
  return undefined;
}

/** The delayed sailing's arrival: the crossing takes as long as it did. */
export function delayedArrival(sailing: { departsAt: Date; arrivesAt: Date }, to: Date): Date {
  return new Date(to.getTime() + (sailing.arrivesAt.getTime() - sailing.departsAt.getTime()));
}

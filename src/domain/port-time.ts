import { zoneAbbreviation, type TerminalTimeZone } from './time-zones.ts';
import { instantText } from './instant-text.ts';

/** A calendar date `YYYY-MM-DD` and a wall-clock time `HH:MM`, as read at a terminal. */
export interface LocalDateTime {
  date: string;
  time: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall clock at `zone` for an instant, read from the time-zone database. */
function wallClock(instant: Date, zone: TerminalTimeZone): LocalDateTime {
  const parts = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

// Every zone change in the time-zone database falls on a quarter hour of UTC, so one offset holds for a whole
// quarter hour. Remembering it spares Intl, the costliest step of a search (bench:search), for every other time.
const QUARTER_HOUR_MS = 15 * 60_000;
const MAX_REMEMBERED = 50_000;

/**
 * A value per zone and number (a quarter hour, an instant), worked out once by `find`: at most MAX_REMEMBERED per
 * zone, forgotten all at once past that (the ones in use are found again at once).
 */
function rememberedPerZone<V>(find: (at: number, zone: TerminalTimeZone) => V) {
  const byZone = new Map<string, Map<number, V>>();
  return (at: number, zone: TerminalTimeZone): V => {
    let known = byZone.get(zone);
    const remembered = known?.get(at);
    if (remembered !== undefined) return remembered;
    const value = find(at, zone);
    if (!known || known.size >= MAX_REMEMBERED) byZone.set(zone, (known = new Map<number, V>()));
    known.set(at, value);
    return value;
  };
}

/** The offset of a quarter hour (its number since 1970), read from the time-zone database. */
const quarterOffset = rememberedPerZone((quarter, zone) => {
  const instant = new Date(quarter * QUARTER_HOUR_MS);
  const local = wallClock(instant, zone);
  return Date.parse(`${local.date}T${local.time}:00Z`) - instant.getTime();
});

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: Date, zone: TerminalTimeZone): number {
  return quarterOffset(Math.floor(instant.getTime() / QUARTER_HOUR_MS), zone);
}

/** The wall clock at `zone` for an instant. */
export function toLocal(instant: Date, zone: TerminalTimeZone): LocalDateTime {
  const iso = instantText(instant.getTime() + offsetAt(instant, zone));
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant a terminal's wall clock shows `date time`. Correct across zone changes (checked twice). */
export function fromLocal({ date, time }: LocalDateTime, zone: TerminalTimeZone): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`Not a local date and time: ${date} ${time}`);
  let instant = wall - offsetAt(new Date(wall), zone);
  instant = wall - offsetAt(new Date(instant), zone);
  return new Date(instant);
}

/** Per zone and local date: the instants (milliseconds) its day starts and ends. */
const dayBounds = new Map<string, [number, number]>();

/** The UTC instants that bound a local calendar day at a terminal: [start, end). */
export function localDayBounds(date: string, zone: TerminalTimeZone): { start: Date; end: Date } {
  const key = `${zone} ${date}`;
  let bounds = dayBounds.get(key);
  if (!bounds) {
    const start = fromLocal({ date, time: '00:00' }, zone).getTime();
    bounds = [start, fromLocal({ date: addDays(date, 1), time: '00:00' }, zone).getTime()];
    if (dayBounds.size >= MAX_REMEMBERED) dayBounds.clear();
    dayBounds.set(key, bounds);
  }
  // New Dates each time: a caller may change its own.
  return { start: new Date(bounds[0]), end: new Date(bounds[1]) };
}

/** Days added to dates asked again and again (a search's week, a booking window): remembered, as Date is slow. */
const sums = new Map<string, string>();

/** `2026-12-31` + 1 -> `2027-01-01`. Pure calendar arithmetic, no zone. */
export function addDays(date: string, days: number): string {
  const key = `${date}${days < 0 ? '' : '+'}${String(days)}`;
  const known = sums.get(key);
  if (known !== undefined) return known;
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  const sum = value.toISOString().slice(0, 10);
  if (sums.size >= MAX_REMEMBERED) sums.clear();
  sums.set(key, sum);
  return sum;
}

/** `2026-08-31` + 6 months -> `2027-02-28`: the same day of the month, or the month's last day when it has none. */
export function addMonths(date: string, months: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** ISO weekday of a calendar date: 1 = Monday ... 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** `{ date, time, zone: 'WIB' }` for showing an instant at its own terminal. */
export function portTime(instant: Date, zone: TerminalTimeZone) {
  return { ...toLocal(instant, zone), zone: zoneAbbreviation(zone) };
}

export type PortMoment = Readonly<ReturnType<typeof portTime> & { at: string }>;

const rememberedMoment = rememberedPerZone((at, zone): PortMoment =>
  Object.freeze({ ...portTime(new Date(at), zone), at: instantText(at) }),
);

/**
 * `{ date, time, zone: 'WIB', at }`: an instant at its own terminal and as an ISO instant, as a search shows each
 * sailing's departure and arrival. The same sailings are asked about by search after search: each moment is worked
 * out once, and shared (frozen).
 */
export function portMoment(instant: Date, zone: TerminalTimeZone): PortMoment {
  return rememberedMoment(instant.getTime(), zone);
}

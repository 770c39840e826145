import { zoneAbbreviation, type TerminalTimeZone } from './time-zones.ts';

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

/** The wall clock at `zone` for an instant. */
export function toLocal(instant: Date, zone: TerminalTimeZone): LocalDateTime {
  const parts = Object.fromEntries(
    partsFormatter(zone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetAt(instant: Date, zone: TerminalTimeZone): number {
  const local = toLocal(instant, zone);
  const asUtc = Date.parse(`${local.date}T${local.time}:00Z`);
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** The instant a terminal's wall clock shows `date time`. Correct across zone changes (checked twice). */
export function fromLocal({ date, time }: LocalDateTime, zone: TerminalTimeZone): Date {
  const wall = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(wall)) throw new RangeError(`Not a local date and time: ${date} ${time}`);
  let instant = wall - offsetAt(new Date(wall), zone);
  instant = wall - offsetAt(new Date(instant), zone);
  return new Date(instant);
}

/** The UTC instants that bound a local calendar day at a terminal: [start, end). */
export function localDayBounds(date: string, zone: TerminalTimeZone): { start: Date; end: Date } {
  return {
    start: fromLocal({ date, time: '00:00' }, zone),
    end: fromLocal({ date: addDays(date, 1), time: '00:00' }, zone),
  };
}

/** `2026-12-31` + 1 -> `2027-01-01`. Pure calendar arithmetic, no zone. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
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

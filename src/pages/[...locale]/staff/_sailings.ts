import { agencyToday, fromAgencyTime } from '../../../domain/agency.ts';
import { addDays } from '../../../domain/port-time.ts';
import { formatDayDate } from '../../../i18n/format.ts';
import { translate } from '../../../i18n/translate.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { isoDate } from '../../../schemas/search.ts';
import { sailingLoads } from '../../../server/services/sailing-loads.ts';
import { pick, routeNames } from '../../../server/views/staff-booking.ts';
import { sailingLine } from '../../../server/views/staff-sailings.ts';
import { consoleEntry } from './_console.ts';

/** The spans the list covers from its first day: that day, or 7 days. */
const spans = ['day', 'week'] as const;
/** How far from today the list reads: a year either way (a date beyond is a typo, and year 0 no database has). */
const YEAR_DAYS = 366;
const dateField = isoDate('staff_sailings_error_date');

/** The first day asked (`?date=`), today when none; a day that does not exist or is years away is refused. */
function askedDate(
  asked: string | null,
  today: string,
): { date: string; error?: 'staff_sailings_error_date' } {
  if (asked === null || asked === '') return { date: today };
  const valid = dateField.safeParse(asked).success;
  const near = valid && asked >= addDays(today, -YEAR_DAYS) && asked <= addDays(today, YEAR_DAYS);
  return near ? { date: asked } : { date: today, error: 'staff_sailings_error_date' };
}

/**
 * `/staff/sailings`: the sailings of a Batam day or of 7 days from it, per route (`?date=`, `?span=week`,
 * `?route=`, all in the address), each with its seats sold, held and free and its load factor, and a link to its
 * passengers and manifest. A sailing's day is its own terminal's, as on its tickets and the dashboard: a Singapore
 * sailing at 00:30 SGT is on that Singapore day. A date that does not exist is refused (400), and nothing listed.
 */
export async function serveSailings(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const asked = astro.url.searchParams;
  const now = deps.clock();
  const { date, error } = askedDate(asked.get('date'), agencyToday(now));
  if (error) astro.response.status = 400;
  const span = pick(spans, asked.get('span')) ?? 'day';
  const names = routeNames(deps.network, locale);
  const routeId = names.has(asked.get('route') ?? '') ? (asked.get('route') ?? undefined) : undefined;
  const last = addDays(date, span === 'week' ? 6 : 0);
  // A day wider on each side, then each sailing kept by its own terminal's date: no terminal is a day from Batam.
  const loads = error
    ? []
    : await sailingLoads(
        entry.db,
        {
          from: fromAgencyTime({ date: addDays(date, -1), time: '00:00' }),
          to: fromAgencyTime({ date: addDays(last, 2), time: '00:00' }),
          routeId,
        },
        now,
      );
  const lines = loads
    .map((load) => sailingLine(load, deps.network, locale))
    .filter((line) => line.date >= date && line.date <= last);
  // Grouped by route in the network's order, so a route reads as one timetable.
  const groups = [...names]
    .map(([id, name]) => ({ id, name, sailings: lines.filter((line) => line.routeId === id) }))
    .filter((group) => group.sailings.length > 0);
  // A cancelled sailing carries nobody: its seats are in no total.
  const sailing = lines.filter((line) => !line.cancelled);
  const total = (key: 'sold' | 'held' | 'capacity') => sailing.reduce((sum, line) => sum + line[key], 0);
  return {
    allowed: true as const,
    bar: entry.bar,
    date: error ? (asked.get('date') ?? '').slice(0, 10) : date,
    dateError: error && translate(error, locale),
    span,
    routeId: routeId ?? '',
    routes: [...names].map(([value, label]) => ({ value, label })),
    heading:
      span === 'week'
        ? translate('staff_sailings_week_of', locale, {
            first: formatDayDate(date, locale),
            last: formatDayDate(last, locale),
          })
        : formatDayDate(date, locale),
    previous: addDays(date, span === 'week' ? -7 : -1),
    next: addDays(date, span === 'week' ? 7 : 1),
    summary: translate('staff_sailings_summary', locale, {
      count: lines.length,
      sold: total('sold'),
      held: total('held'),
      capacity: total('capacity'),
    }),
    groups,
  };
}

import { agencyToday, fromAgencyTime } from '../../../domain/agency.ts';
import { addDays } from '../../../domain/port-time.ts';
import { formatDayDate } from '../../../i18n/format.ts';
import { translate } from '../../../i18n/translate.ts';
import type { PageAstro } from '../../../server/http/pages/page-astro.ts';
import { sailingLoads } from '../../../server/services/sailing-loads.ts';
import { pick, routeNames } from '../../../server/views/staff-booking.ts';
import { sailingLine } from '../../../server/views/staff-sailings.ts';
import { consoleEntry } from './_console.ts';

/** The spans the list covers from its first day: that day, or 7 days. */
const spans = ['day', 'week'] as const;
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/**
 * `/staff/sailings`: the sailings of a Batam day or of 7 days from it, per route (`?date=`, `?span=week`,
 * `?route=`, all in the address), each with its seats sold, held and free and its load factor, and a link to its
 * passengers and manifest. The days are the agency's: a Singapore sailing at 00:30 SGT is on the Batam day before.
 */
export async function serveSailings(astro: PageAstro) {
  const { locale, deps } = astro.locals;
  const entry = await consoleEntry(astro, 'agent');
  if (entry instanceof Response || !entry.allowed) return entry;
  const asked = astro.url.searchParams;
  const now = deps.clock();
  const date = isDate(asked.get('date') ?? '') ? (asked.get('date') ?? '') : agencyToday(now);
  const span = pick(spans, asked.get('span')) ?? 'day';
  const names = routeNames(deps.network, locale);
  const routeId = names.has(asked.get('route') ?? '') ? (asked.get('route') ?? undefined) : undefined;
  const last = addDays(date, span === 'week' ? 6 : 0);
  const loads = await sailingLoads(
    entry.db,
    {
      from: fromAgencyTime({ date, time: '00:00' }),
      to: fromAgencyTime({ date: addDays(last, 1), time: '00:00' }),
      routeId,
    },
    now,
  );
  const lines = loads.map((load) => sailingLine(load, deps.network, locale));
  // Grouped by route in the network's order, so a route reads as one timetable.
  const groups = [...names]
    .map(([id, name]) => ({ id, name, sailings: lines.filter((line) => line.routeId === id) }))
    .filter((group) => group.sailings.length > 0);
  const total = (key: 'sold' | 'held' | 'capacity') => lines.reduce((sum, line) => sum + line[key], 0);
  return {
    allowed: true as const,
    bar: entry.bar,
    date,
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

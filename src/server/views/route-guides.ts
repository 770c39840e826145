import { priceLeg } from '../../domain/pricing.ts';
import { sailsDaily, timetableArrival, weekdayRuns } from '../../domain/timetable.ts';
import { zoneAbbreviation } from '../../domain/time-zones.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Route, Terminal } from '../../schemas/network.ts';
import type { Network } from '../network.ts';

/**
 * What the pre-rendered route pages (`/schedule`, `/schedule/<slug>`) show, built from the network's content
 * collections at build time: the weekly timetable, crossing times and the lowest adult price. Seats and dated
 * sailings are live data and stay with the search.
 */
export interface TimetableRow {
  operator: string;
  departure: string;
  arrival: string;
  /** 1 when the ferry arrives on the next local day. */
  arrivalDayOffset: number;
  durationMinutes: number;
  /** `undefined` when it sails every day; else runs of ISO weekdays. */
  days: [number, number][] | undefined;
}

export interface RouteGuide {
  id: string;
  slug: string;
  region: Route['region'];
  from: { code: string; name: string; zone: string };
  to: { code: string; name: string; zone: string };
  operators: string[];
  /** Shortest and longest crossing, minutes. */
  duration: { min: number; max: number };
  /** Lowest price for one adult: ticket, terminal fee and fuel surcharge (the transaction fee comes per booking). */
  fromPrice: number;
  firstDeparture: string;
  lastDeparture: string;
  /** Departures on the busiest day. */
  maxDailyDepartures: number;
  rows: TimetableRow[];
  /** The slug of the way back, when the network sails it. */
  returnSlug: string | undefined;
}

export function routeSlug(from: Terminal, to: Terminal): string {
  return `${from.slug}-${to.slug}`;
}

function timetableRows(network: Network, route: Route, from: Terminal, to: Terminal): TimetableRow[] {
  return network.data.timetables
    .filter((entry) => entry.route === route.id)
    .flatMap((entry) =>
      entry.departures.map((departure) => {
        const arrival = timetableArrival(departure, entry.durationMinutes, from.timeZone, to.timeZone);
        return {
          operator: network.operatorName(entry.operator),
          departure,
          arrival: arrival.time,
          arrivalDayOffset: arrival.dayOffset,
          durationMinutes: entry.durationMinutes,
          days: sailsDaily(entry.days) ? undefined : weekdayRuns(entry.days),
        };
      }),
    )
    .sort((a, b) => a.departure.localeCompare(b.departure) || a.operator.localeCompare(b.operator));
}

function busiestDay(network: Network, route: Route): number {
  const perDay = [1, 2, 3, 4, 5, 6, 7].map((day) =>
    network.data.timetables
      .filter((entry) => entry.route === route.id && entry.days.includes(day))
      .reduce((sum, entry) => sum + entry.departures.length, 0),
  );
  return Math.max(...perDay);
}

function lowestAdultPrice(network: Network, route: Route, from: Terminal): number {
  const prices = network.data.fares
    .filter((fare) => fare.route === route.id)
    .map(
      (fare) =>
        priceLeg(
          { ticket: fare, terminalFee: from.terminalFee, surcharge: from.surcharge },
          { adult: 1, child: 0, infant: 0 },
        ).subtotal.total,
    );
  return Math.min(...prices);
}

export function routeGuide(network: Network, route: Route, locale: Locale): RouteGuide {
  const { from, to } = network.ends(route);
  const rows = timetableRows(network, route, from, to);
  const durations = rows.map((row) => row.durationMinutes);
  const back = network.route(route.to, route.from);
  const describe = (terminal: Terminal) => ({
    code: terminal.id,
    name: terminal.name[locale],
    zone: zoneAbbreviation(terminal.timeZone),
  });
  return {
    id: route.id,
    slug: routeSlug(from, to),
    region: route.region,
    from: describe(from),
    to: describe(to),
    operators: [...new Set(rows.map((row) => row.operator))].sort(),
    duration: { min: Math.min(...durations), max: Math.max(...durations) },
    fromPrice: lowestAdultPrice(network, route, from),
    firstDeparture: rows[0]?.departure ?? '',
    lastDeparture: rows.at(-1)?.departure ?? '',
    maxDailyDepartures: busiestDay(network, route),
    rows,
    returnSlug: back ? routeSlug(to, from) : undefined,
  };
}

/** Every route, Singapore first, then by departure terminal and destination as the network lists them. */
export function routeGuides(network: Network, locale: Locale): RouteGuide[] {
  return network.data.routes.map((route) => routeGuide(network, route, locale));
}

import * as m from '../../../paraglide/messages.js';
import { getCounters } from '../../../content/lib/contacts.ts';
import { formatDurationRange, formatRupiah } from '../../../i18n/format.ts';
import { locales, type Locale } from '../../../i18n/locales.ts';
import { Network } from '../../../server/network.ts';
import { routeGuide } from '../../../server/views/route-guides.ts';

/** One page per route and language, at the route's slug in that language. */
export function routeStaticPaths() {
  const network = new Network();
  return locales.flatMap((locale) =>
    network.data.routes.map((route) => ({
      params: {
        locale: locale === 'en' ? undefined : locale,
        route: routeGuide(network, route, locale).slug,
      },
      props: { locale, routeId: route.id },
    })),
  );
}

/**
 * A route's guide page, built once per deploy (server/views/route-guides.ts): its facts (operators, duration,
 * departures a day, the lowest fare), the timetable, and the hours of the counters at its two ends.
 */
export async function buildRouteGuide(locale: Locale, routeId: string) {
  const t = { locale };
  const network = new Network();
  const route = network.routeById(routeId);
  if (!route) throw new Error(`unknown route ${routeId}`);
  const guide = routeGuide(network, route, locale);
  const ends = [guide.from.code.toLowerCase(), guide.to.code.toLowerCase()];
  const duration = formatDurationRange(guide.duration.min, guide.duration.max, locale);
  const price = formatRupiah(guide.fromPrice, locale);
  const facts: { label: string; value: string; detail?: string }[] = [
    { label: m.route_operators({}, t), value: guide.operators.join(', ') },
    { label: m.route_col_duration({}, t), value: duration },
    {
      label: m.route_fact_departures({}, t),
      value: m.schedules_daily_departures({ count: guide.maxDailyDepartures }, t),
      detail: m.schedules_first_last(
        { first: guide.firstDeparture, last: guide.lastDeparture, zone: guide.from.zone },
        t,
      ),
    },
    { label: m.route_fact_price({}, t), value: price, detail: m.schedules_from_price_note({}, t) },
  ];
  return {
    guide,
    counters: (await getCounters()).filter((counter) => ends.includes(counter.id)),
    duration,
    price,
    names: { from: guide.from.name, to: guide.to.name },
    facts,
  };
}

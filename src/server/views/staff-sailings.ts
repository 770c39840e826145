import { freeSeats, loadFactor } from '../../domain/sailing-load.ts';
import { portTime } from '../../domain/port-time.ts';
import { formatDayDate } from '../../i18n/format.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Network } from '../network.ts';
import type { SailingLoad } from '../services/sailing-loads.ts';

/**
 * A sailing as the console's sailings list and sailing page show it, in the reader's language: its route, its
 * departure at its own terminal (with the zone), its seats and load, and whether the operator cancelled or delayed it.
 */
export function sailingLine(
  sailing: SailingLoad & { scheduledDepartsAt?: Date | null },
  network: Network,
  locale: Locale,
) {
  const route = network.routeById(sailing.routeId);
  const ends = route ? network.ends(route) : undefined;
  const zone = network.zoneOf(ends?.from.id);
  const departs = portTime(sailing.departsAt, zone);
  const arrives = portTime(sailing.arrivesAt, network.zoneOf(ends?.to.id));
  const delayedFrom = sailing.scheduledDepartsAt ? portTime(sailing.scheduledDepartsAt, zone) : undefined;
  return {
    id: sailing.id,
    href: localizePath(`/staff/sailings/${sailing.id}`, locale),
    routeId: sailing.routeId,
    route: ends ? `${ends.from.name[locale]} → ${ends.to.name[locale]}` : sailing.routeId,
    operator: network.operatorName(sailing.operatorCode),
    date: departs.date,
    day: formatDayDate(departs.date, locale),
    departure: `${departs.time} ${departs.zone}`,
    arrival: `${arrives.time} ${arrives.zone}`,
    delayedFrom: delayedFrom && `${delayedFrom.time} ${delayedFrom.zone}`,
    capacity: sailing.capacity,
    sold: sailing.sold,
    held: sailing.held,
    free: freeSeats(sailing),
    load: loadFactor(sailing),
    cancelled: sailing.status === 'cancelled',
    status: translate(
      sailing.status === 'cancelled'
        ? 'staff_sailing_status_cancelled'
        : delayedFrom
          ? 'staff_sailing_status_delayed'
          : 'staff_sailing_status_scheduled',
      locale,
    ),
  };
}
export type SailingLine = ReturnType<typeof sailingLine>;

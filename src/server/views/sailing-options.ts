import { targetSailingRefusal } from '../../domain/after-sales.ts';
import { localDayBounds, portTime } from '../../domain/port-time.ts';
import { formatDayDate, formatDate, formatRupiah } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/locales.ts';
import { translate } from '../../i18n/translate.ts';
import type { Database } from '../db/client.ts';
import type { AppDeps } from '../deps.ts';
import { sailingsOnDay } from '../db/queries/sailings-on-day.ts';
import type { Network } from '../network.ts';
import type { BookingLegView } from '../services/booking-view.ts';
import { isoDate } from '../../schemas/search.ts';
import { sailingLine } from './ticket-sailing.ts';

/** What the task pages' lists of sailings (reschedule, claim) are read with. */
export interface SailingsContext {
  db: Database;
  network: Network;
  now: Date;
  horizonDays: number;
}

/** That context from the process's dependencies, with the clock read now. */
export async function sailingsContext(deps: AppDeps): Promise<SailingsContext> {
  return {
    db: await deps.database(),
    network: deps.network,
    now: deps.clock(),
    horizonDays: deps.horizonDays,
  };
}

/** A sailing a ticket can move onto (reschedule) or be claimed for (open ticket), as the form lists it. */
export interface SailingOption {
  id: string;
  departure: string;
  arrival: string;
  operator: string;
  seatsLeft: number;
  /** A reschedule's fee per ticket (`Free (same operator)`, `IDR 100,000 per ticket, paid at the counter`). */
  fee?: string;
  hasFee: boolean;
  chosen: boolean;
  /** The sailing in one line, as a summary names it beside the one left: `Sat 28 Nov 2026, 09:00 WIB · Selat Express`. */
  summary: string;
}

/**
 * The sailings of `leg`'s route on a local `date` that `seats` travellers can move onto now, soonest first: other
 * than the leg's own, leaving at least 1 hour from now (domain/after-sales.ts), with room, and of `operatorCode`
 * when given (an open ticket is the operator's). `feeOf` prices a move per ticket, by the new sailing's operator.
 */
export async function sailingOptions(
  context: { db: Database; network: Network; now: Date; locale: Locale },
  leg: Pick<BookingLegView, 'routeId' | 'fromCode' | 'toCode' | 'sailingId'>,
  wanted: { date: string; seats: number; chosen: string | null; operatorCode?: string },
  feeOf?: (operatorCode: string) => number,
): Promise<SailingOption[]> {
  const { db, network, now, locale } = context;
  const fromZone = network.zoneOf(leg.fromCode);
  const toZone = network.zoneOf(leg.toCode);
  const { start, end } = localDayBounds(wanted.date, fromZone);
  const rows = await sailingsOnDay(db, { route: leg.routeId, start, end, now });
  const current = { sailingId: leg.sailingId ?? null, routeId: leg.routeId };
  return rows
    .filter((row) => !wanted.operatorCode || row.operatorCode === wanted.operatorCode)
    .filter((row) => row.capacity - row.taken >= wanted.seats)
    .filter(
      (row) => !targetSailingRefusal(current, { ...row, routeId: leg.routeId, status: 'scheduled' }, now),
    )
    .map((row) => {
      const fee = feeOf?.(row.operatorCode);
      const departure = portTime(row.departsAt, fromZone);
      const arrival = portTime(row.arrivesAt, toZone);
      return {
        id: row.id,
        departure: `${departure.time} ${departure.zone}`,
        arrival: `${arrival.time} ${arrival.zone}`,
        operator: network.operatorName(row.operatorCode),
        seatsLeft: row.capacity - row.taken,
        ...(fee === undefined
          ? {}
          : {
              fee:
                fee === 0
                  ? translate('reschedule_fee_free', locale)
                  : translate('reschedule_fee_per_ticket', locale, { fee: formatRupiah(fee, locale) }),
            }),
        hasFee: (fee ?? 0) > 0,
        chosen: row.id === wanted.chosen,
        summary: sailingLine(departure, network.operatorName(row.operatorCode), locale),
      };
    });
}

/** The date a list of sailings is for, as its form shows it. */
export interface AskedDate {
  /** The date the field shows: the one asked for (even out of range: never silently another), else `fallback`. */
  date: string;
  /** `Tuesday, 1 December 2026`: the list names its date. */
  dateInWords: string;
  /** Why the asked date lists nothing, with the range in words; undefined when the list can be shown. */
  error?: string;
}

const realDate = isoDate('date');

/**
 * The date a reschedule or claim form asks sailings for (`?date=`, the "Show sailings" GET, or the posted form):
 * within `min`..`max` it is listed; a date outside them, or not a day at all, is kept in its field and refused there
 * with the range in words, and no sailings are listed (a traveller who typed 1 March must never get today's); so
 * is an empty date. None asked (the page's first visit): `fallback`.
 */
export function askedSailingDate(
  asked: string | null,
  range: { min: string; max: string; fallback: string },
  locale: Locale,
): AskedDate {
  const inWords = (date: string) => formatDayDate(date, locale);
  if (asked === null) return { date: range.fallback, dateInWords: inWords(range.fallback) };
  if (realDate.safeParse(asked).success && asked >= range.min && asked <= range.max)
    return { date: asked, dateInWords: inWords(asked) };
  const long = (date: string) => formatDate(date, locale);
  const typed = /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : '';
  return {
    date: typed,
    dateInWords: typed && realDate.safeParse(typed).success ? inWords(typed) : '',
    error: translate('sailing_date_out_of_range', locale, { first: long(range.min), last: long(range.max) }),
  };
}

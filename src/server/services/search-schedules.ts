import { asc, eq } from 'drizzle-orm';
import { availability, isBookable, lastBookableAt } from '../../domain/availability.ts';
import { passengerCategories, seatsNeeded, type PassengerCounts } from '../../domain/passengers.ts';
import { bookingWindow } from '../../domain/booking-window.ts';
import { localDayBounds, portMoment, toLocal } from '../../domain/port-time.ts';
import { priceLeg, type LegTariff } from '../../domain/pricing.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Route } from '../../schemas/network.ts';
import type { SearchQuery } from '../../schemas/search.ts';
import type { Database } from '../db/client.ts';
import { sailingOfDay, sailingsOnDayAsSent, type SailingOfDay } from '../db/queries/sailings-on-day.ts';
import { tariffs, type Tariffs } from '../db/queries/tariffs.ts';
import { fares } from '../db/schema/network.ts';
import type { Network } from '../network.ts';
import { nearbyDays, type NearbyDays } from './nearby-days.ts';
import { Refused, refuse, type ErrorKeys } from '../validation-errors.ts';
import { shapedOnce, type Frozen } from './shaped-once.ts';

export interface SearchContext {
  db: Database;
  network: Network;
  now: Date;
  locale: Locale;
  horizonDays: number;
}

function countsOf(query: SearchQuery): PassengerCounts {
  return { adult: query.adults, child: query.children, infant: query.infants };
}

function checkDates(query: SearchQuery, route: Route, context: SearchContext) {
  const zone = context.network.terminal(route.from)?.timeZone;
  if (!zone) return;
  const today = toLocal(context.now, zone).date;
  const { last } = bookingWindow(today, context.horizonDays);
  const errors: ErrorKeys = {};
  for (const field of ['date', 'returnDate'] as const) {
    const value = query[field];
    if (!value) continue;
    if (value < today) errors[field] = [{ key: 'search_error_date_past' }];
    else if (value > last)
      errors[field] = [{ key: 'search_error_date_far', params: { days: context.horizonDays } }];
  }
  if (Object.keys(errors).length > 0) throw new Refused(400, errors);
}

/** The sailings of one route on one local date, with seats and prices for the party (at the search's tariffs). */
async function searchLeg(
  context: SearchContext,
  rates: Tariffs,
  route: Route,
  date: string,
  counts: PassengerCounts,
) {
  const { db, network, now } = context;
  const { start, end } = localDayBounds(date, network.zoneOf(route.from));
  // Compared as sent, read only to shape a new answer.
  const rows = await sailingsOnDayAsSent(db, { route: route.id, start, end, now });
  const key = `${route.id} ${date} ${partyKey(counts)} ${context.locale}`;
  return legShapes([rates, network], key, rows, now.getTime(), () =>
    shapeLeg(context, route, date, counts, rows.map(sailingOfDay), rates),
  );
}

/** A leg's answer from its rows; it changes when its first bookable sailing reaches the booking cutoff. */
function shapeLeg(
  context: SearchContext,
  route: Route,
  date: string,
  counts: PassengerCounts,
  rows: SailingOfDay[],
  rates: Tariffs,
) {
  const { network, now } = context;
  const { from, to } = network.ends(route);
  const charges = rates.charges(route.from);
  const seats = seatsNeeded(counts);
  const bookable = rows.filter((row) => isBookable(row.departsAt, now));
  const shape = {
    route: route.id,
    date,
    from: network.describeTerminal(from, context.locale),
    to: network.describeTerminal(to, context.locale),
    sailings: bookable.map((row) => {
      const tariff: LegTariff = {
        ticket: { adult: row.adult, child: row.child, infant: row.infant },
        ...charges,
      };
      const seatInfo = availability(row.capacity, row.taken);
      const left = row.capacity - row.taken;
      return {
        id: row.id,
        operator: { code: row.operatorCode, name: network.operatorName(row.operatorCode) },
        departure: portMoment(row.departsAt, from.timeZone),
        arrival: portMoment(row.arrivesAt, to.timeZone),
        durationMinutes: Math.round((row.arrivesAt.getTime() - row.departsAt.getTime()) / 60_000),
        availability: seatInfo,
        enoughSeats: left >= seats,
        price: priceLeg(tariff, counts),
      };
    }),
  };
  // The first sailing to close drops out of the list then.
  return { shape, changesAt: Math.min(...bookable.map((row) => lastBookableAt(row.departsAt) + 1)) };
}

const legShapes = shapedOnce<ReturnType<typeof shapeLeg>['shape']>();

/** The party as a memo's key: one count per category, so no two parties share an answer. */
function partyKey(counts: PassengerCounts): string {
  return passengerCategories.map((category) => String(counts[category])).join('/');
}

/** Operators selling open tickets on a route, with their price for the party (no sailing, no seat). */
async function searchOpen(context: SearchContext, route: Route, counts: PassengerCounts) {
  const { db, network } = context;
  const [rows, rates] = await Promise.all([
    db.select().from(fares).where(eq(fares.routeId, route.id)).orderBy(asc(fares.operatorCode)),
    tariffs(db),
  ]);
  const charges = rates.charges(route.from);
  const { from, to } = network.ends(route);
  return {
    route: route.id,
    from: network.describeTerminal(from, context.locale),
    to: network.describeTerminal(to, context.locale),
    validityMonths: 3,
    offers: rows.map((row) => ({
      operator: { code: row.operatorCode, name: network.operatorName(row.operatorCode) },
      price: priceLeg(
        { ticket: { adult: row.adult, child: row.child, infant: row.infant }, ...charges },
        counts,
      ),
    })),
  };
}

export type LegResult = Awaited<ReturnType<typeof searchLeg>>;
export type OpenResult = Awaited<ReturnType<typeof searchOpen>>;
export type SailingResult = LegResult['sailings'][number];

/** A search's answer as it is shaped; readers get it frozen (`SearchResult`). */
interface SearchShape {
  trip: SearchQuery['trip'];
  passengers: PassengerCounts;
  currency: 'IDR';
  /** The cheapest channel's fee, once per booking; the exact fee follows the channel chosen at payment. */
  transactionFee: number;
  outbound?: LegResult;
  /** Neighbouring dates of the outbound day, with their lowest adult price (services/nearby-days.ts). */
  nearby?: Frozen<NearbyDays>;
  return?: LegResult;
  open?: OpenResult;
}

/**
 * A search's answer, read-only to the compiler: a dated search's is one frozen object shared by every reader of the
 * same rows; an open ticket's is made at each search.
 */
export type SearchResult = Frozen<SearchShape>;

/** A search's answer of its legs: the same legs (services/shaped-once.ts) give the same answer, and its bytes. */
const answers = shapedOnce<SearchShape>();

export async function searchSchedules(query: SearchQuery, context: SearchContext): Promise<SearchResult> {
  const route = context.network.route(query.from, query.to);
  if (!route) throw refuse('to', 'search_error_route');
  checkDates(query, route, context);
  const counts = countsOf(query);
  const rates = await tariffs(context.db);
  const base = {
    trip: query.trip,
    passengers: counts,
    currency: 'IDR' as const,
    transactionFee: rates.lowestTransactionFee,
  };
  if (query.trip === 'open') return { ...base, open: await searchOpen(context, route, counts) };
  const date = query.date ?? '';
  const [outbound, nearby] = await Promise.all([
    searchLeg(context, rates, route, date, counts),
    nearbyDays(context, rates, route, date),
  ]);
  let parts: Pick<SearchShape, 'outbound' | 'nearby' | 'return'> = { outbound, nearby };
  if (query.trip !== 'one_way' && query.returnDate) {
    const back = context.network.route(query.to, query.from);
    if (!back) throw refuse('to', 'search_error_route');
    parts = { outbound, nearby, return: await searchLeg(context, rates, back, query.returnDate, counts) };
  }
  const returnDate = parts.return ? query.returnDate : undefined;
  const key = `${query.trip} ${route.id} ${date} ${returnDate ?? ''} ${partyKey(counts)} ${context.locale}`;
  return answers([rates, context.network], key, parts, context.now.getTime(), () => ({
    shape: { ...base, ...parts },
    changesAt: Number.POSITIVE_INFINITY,
  }));
}

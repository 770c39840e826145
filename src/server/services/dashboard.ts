import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { dayBounds, type MadeRow, type SalesRow } from '../../domain/dashboard.ts';
import { localDayBounds, portTime } from '../../domain/port-time.ts';
import type { Database } from '../db/client.ts';
import { bookingLegs, bookings } from '../db/schema/bookings.ts';
import { payments } from '../db/schema/payments.ts';
import type { Network } from '../network.ts';
import { sailingLoads, type SailingLoad } from './sailing-loads.ts';

/*
 * What the manager's dashboard counts (domain/dashboard.ts adds it up): bookings paid and made per Batam day, and
 * today's sailings with their seats.
 */

/**
 * Which of `bounds`' days an instant falls in: 1 for the first day ... n for the last, 0 before, n + 1 after.
 * width_bucket takes the bounds as one array, so a day is read on Batam's clock without the database knowing zones.
 */
function dayOf(column: typeof bookings.paidAt | typeof bookings.createdAt, bounds: readonly Date[]) {
  const thresholds = sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}::timestamptz`),
    sql`, `,
  );
  return sql<number>`width_bucket(${column}, array[${thresholds}])`.mapWith(Number);
}

/**
 * The week's paid bookings per Batam day, route of the outbound leg as booked, and the bank of the attempt that paid
 * them, with their revenue: each booking's priced total, the channel's fee included (what the traveller was charged;
 * refunds are the queue's). A booking counts on the day it was paid, whatever became of its tickets since; a hold
 * that lapsed or a payment that could not be honoured never made it `paid`, so neither counts.
 */
export async function paidPerDay(db: Database, days: readonly string[]): Promise<SalesRow[]> {
  const bounds = dayBounds(days);
  const [from, to] = [bounds[0], bounds.at(-1)];
  if (!from || !to) return [];
  const rows = await db
    .select({
      day: dayOf(bookings.paidAt, bounds),
      routeId: bookingLegs.routeId,
      // Only the attempt that confirmed a booking is marked paid (use-cases/record-payment.ts): one per booking.
      channel: payments.bank,
      bookings: count(),
      revenue: sql<number>`sum((${bookings.price}->>'total')::bigint)`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(
      bookingLegs,
      and(eq(bookingLegs.bookingId, bookings.id), eq(bookingLegs.leg, 0), eq(bookingLegs.segment, 0)),
    )
    .leftJoin(payments, and(eq(payments.bookingId, bookings.id), eq(payments.status, 'paid')))
    .where(and(eq(bookings.status, 'paid'), gte(bookings.paidAt, from), lt(bookings.paidAt, to)))
    // By position: the day's expression carries parameters, which PostgreSQL does not match between two clauses.
    .groupBy(sql`1`, sql`2`, sql`3`);
  return rows.flatMap(({ day, ...row }) => {
    const date = days[day - 1];
    return date ? [{ ...row, day: date }] : [];
  });
}

/** The week's bookings made per Batam day: every hold, paid or not, the demand the counter and the site saw. */
export async function madePerDay(db: Database, days: readonly string[]): Promise<MadeRow[]> {
  const bounds = dayBounds(days);
  const [from, to] = [bounds[0], bounds.at(-1)];
  if (!from || !to) return [];
  const rows = await db
    .select({ day: dayOf(bookings.createdAt, bounds), made: count() })
    .from(bookings)
    .where(and(gte(bookings.createdAt, from), lt(bookings.createdAt, to)))
    .groupBy(sql`1`);
  return rows.flatMap(({ day, made }) => {
    const date = days[day - 1];
    return date ? [{ day: date, made }] : [];
  });
}

/** A sailing of the day, with its departure on its own terminal's clock. */
export interface DepartureLoad extends SailingLoad {
  local: { date: string; time: string; zone: string };
}

/**
 * The sailings leaving on `date` (the agency's today), each read on its own departure terminal's clock, by departure,
 * cancelled ones included, with their seats at `now`. Asks for the instants any terminal's `date` spans, then keeps
 * those whose own date it is: a Singapore sailing at 00:30 SGT is on that terminal's day, not the one Batam is on.
 */
export async function departuresOn(
  db: Database,
  network: Network,
  date: string,
  now: Date,
): Promise<DepartureLoad[]> {
  const spans = network.data.terminals.map((terminal) => localDayBounds(date, terminal.timeZone));
  const from = new Date(Math.min(...spans.map((span) => span.start.getTime())));
  const to = new Date(Math.max(...spans.map((span) => span.end.getTime())));
  const loads = await sailingLoads(db, { from, to }, now);
  return loads.flatMap((load) => {
    const route = network.routeById(load.routeId);
    const local = portTime(load.departsAt, network.zoneOf(route?.from));
    return local.date === date ? [{ ...load, local }] : [];
  });
}

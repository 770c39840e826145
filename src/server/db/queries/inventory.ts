import { and, asc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { bookingLegs, bookings } from '../schema/bookings.ts';
import { sailings } from '../schema/network.ts';
import { preparedPerDatabase } from './prepared.ts';
import { instantText } from '../../../domain/instant-text.ts';

/**
 * Seats taken on a sailing at `now`: its seat windows still open (seat_windows: seats per second until which they
 * count, a hold's expiry or infinity once paid, kept by triggers). Expired holds stop counting by this time
 * condition alone, so a late or stopped sweeper never oversells. Use under a row lock on the sailing
 * (`select ... for update`) when the answer decides a write.
 */
export function seatsTakenSql(now: Date | Placeholder): SQL<number> {
  // Qualified by hand: Drizzle leaves a column unqualified when a query reads one table, and a bare "id" here
  // would silently mean the subquery's own columns.
  return sql<number>`coalesce((
    select sum(w.seats) from seat_windows w
    where w.sailing_id = ${sailings}."id"
      and w.counts_until > ${now instanceof Date ? instantText(now) : now}::timestamptz
  ), 0)::int`;
}

/** `id in ($0, $1, ...)` over placeholders, so one prepared statement serves every booking of that many legs. */
function idPlaceholders(count: number) {
  return Array.from({ length: count }, (_, i) => sql.placeholder(`id${String(i)}`));
}

function idParams(ids: string[]): Record<string, string> {
  return Object.fromEntries([...ids].sort().map((id, i) => [`id${String(i)}`, id]));
}

/**
 * The sailings with their seats taken at `now`, as one statement sees them. Prepared (named per leg count): on a
 * busy sailing this runs under its lock, where PostgreSQL's planning time would be lock time (bench:booking).
 */
export function sailingsWithSeats(db: Database, ids: string[], now: Date) {
  return withSeatsFor(ids.length)(db).execute({ ...idParams(ids), now: instantText(now) });
}

function prepareWithSeats(db: Database, count: number) {
  return db
    .select({
      id: sailings.id,
      routeId: sailings.routeId,
      operatorCode: sailings.operatorCode,
      departsAt: sailings.departsAt,
      arrivesAt: sailings.arrivesAt,
      capacity: sailings.capacity,
      status: sailings.status,
      delayed: sql<boolean>`${sailings.scheduledDepartsAt} is not null`,
      delayedAt: sailings.delayedAt,
      taken: seatsTakenSql(sql.placeholder('now')),
    })
    .from(sailings)
    .where(inArray(sailings.id, idPlaceholders(count)))
    .prepare(`sailings_with_seats_${String(count)}`);
}

/**
 * Built once per database and leg count, not at every call: building a statement with Drizzle was the costliest
 * part of a hold in the app's own code (`BENCH_WORKLOAD=hold npm run bench:lean`).
 */
const withSeats = new Map<number, (db: Database) => ReturnType<typeof prepareWithSeats>>();
function withSeatsFor(count: number) {
  let prepared = withSeats.get(count);
  if (!prepared) withSeats.set(count, (prepared = preparedPerDatabase((db) => prepareWithSeats(db, count))));
  return prepared;
}

/**
 * Locks the sailings (`for update`, or `for share` for a check-in, which moves no seats but must not meet a
 * cancellation half-way; in id order: the first step of the one lock order every seat-touching transaction
 * follows, docs/decisions/0001-lock-order.md). Count their seats with `sailingsWithSeats` afterwards,
 * as a second statement: it then sees every hold committed by whoever held a lock before. Holds do both in one
 * statement: the `hold_seats` function (migration 0007).
 */
export async function lockSailingRows(tx: Database, ids: string[], mode: 'update' | 'share' = 'update') {
  if (ids.length === 0) return;
  await tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(inArray(sailings.id, idPlaceholders(ids.length)))
    .orderBy(asc(sailings.id))
    .for(mode)
    .prepare(`lock_sailings_${mode}_${String(ids.length)}`)
    .execute(idParams(ids));
}

/**
 * The legs of a booking, after locking the sailings they hold seats on. Legs never change sailing while the
 * booking's lock is free (a reschedule locks the new sailing in the same order), so reading them first is safe.
 * Call before locking the booking row: sailings first, then the booking, then the ledger (by triggers).
 */
export async function lockSailingsOfBooking(tx: Database, bookingId: string) {
  const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, bookingId));
  await lockSailingRows(tx, sailingIdsOf(legs));
  return legs;
}

/** Whether the operator cancelled a sailing of these legs (read under their sailing locks: it cannot change then). */
export async function anySailingCancelled(
  tx: Database,
  legs: { sailingId: string | null }[],
): Promise<boolean> {
  const ids = sailingIdsOf(legs);
  if (ids.length === 0) return false;
  const [cancelled] = await tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(and(inArray(sailings.id, ids), eq(sailings.status, 'cancelled')))
    .limit(1);
  return cancelled !== undefined;
}

/** A booking's legs moved to other sailings between reading them and locking: the transaction runs again. */
class LegsMoved extends Error {
  // Read by retryingConflicts as a serialization failure: run the whole transaction again.
  readonly code = '40001';
}

/**
 * Locks what an after-sales change of a booking touches, in the one lock order: the sailings its legs hold seats on
 * plus `more` (a reschedule's new sailing), then the booking row. The legs are read again under the booking's lock:
 * if a reschedule moved them meanwhile, the transaction runs again rather than change seats it has not locked.
 * `sailings: 'share'` (check-in) moves no seats: it only keeps the sailings from being cancelled meanwhile, and lets
 * many check-ins of one sailing run side by side.
 */
export async function lockBookingForChange(
  tx: Database,
  bookingId: string,
  options: { more?: string[]; lockSeats: boolean; sailings?: 'update' | 'share' },
) {
  const before = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, bookingId));
  const locked = new Set([...sailingIdsOf(before), ...(options.more ?? [])]);
  // Off only in the concurrency tests that show what the sailing locks prevent.
  if (options.lockSeats) await lockSailingRows(tx, [...locked], options.sailings);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) return undefined;
  const legs = await tx
    .select()
    .from(bookingLegs)
    .where(eq(bookingLegs.bookingId, bookingId))
    .orderBy(asc(bookingLegs.leg), asc(bookingLegs.segment));
  if (options.lockSeats && sailingIdsOf(legs).some((id) => !locked.has(id)))
    throw new LegsMoved(`legs of ${bookingId} moved`);
  return { booking, legs };
}

/** The sailings a booking's legs hold seats on (an open ticket's leg holds none). */
function sailingIdsOf(legs: { sailingId: string | null }[]): string[] {
  return legs.flatMap((leg) => (leg.sailingId ? [leg.sailingId] : []));
}

/**
 * Whether every leg's sailing has room for its seats at `now`, counted under the locks `lockSailingsOfBooking`
 * took. The booking itself must no longer count (its hold lapsed): this is the check that lets a lapsed hold be
 * extended or paid late without selling its seats twice.
 */
export async function legsStillFit(
  tx: Database,
  legs: { sailingId: string | null; seats: number }[],
  now: Date,
): Promise<boolean> {
  const ids = sailingIdsOf(legs);
  if (ids.length === 0) return true; // an open ticket holds no seat
  const rows = await sailingsWithSeats(tx, ids, now);
  return legs.every((leg) => {
    if (!leg.sailingId) return true;
    const sailing = rows.find((s) => s.id === leg.sailingId);
    if (sailing?.status !== 'scheduled') return false;
    return sailing.departsAt > now && sailing.capacity - sailing.taken >= leg.seats;
  });
}

/**
 * Locks the seat-ledger rows the bookings' seats are in now, in (sailing, second) order: the third step of the lock
 * order. Run it before a status or expiry write, whose triggers then move those seats leg by leg: without it two
 * writers (the sweeper, a late payment) whose bookings share a sailing and a second could take the rows crosswise.
 */
export async function lockLedgerRowsOf(tx: Database, bookingIds: string[]): Promise<void> {
  if (bookingIds.length === 0) return;
  await tx.execute(sql`
    select 1 from seat_windows w
    join booking_legs bl on bl.sailing_id = w.sailing_id and seat_window_key(bl.counts_until) = w.counts_until
    where bl.booking_id in (${sql.join(
      bookingIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by w.sailing_id, w.counts_until
    for update of w`);
}

import { asc, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { sailings } from '../schema/network.ts';

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
      and w.counts_until > ${now instanceof Date ? now.toISOString() : now}::timestamptz
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
  return db
    .select({
      id: sailings.id,
      routeId: sailings.routeId,
      operatorCode: sailings.operatorCode,
      departsAt: sailings.departsAt,
      arrivesAt: sailings.arrivesAt,
      capacity: sailings.capacity,
      status: sailings.status,
      taken: seatsTakenSql(sql.placeholder('now')),
    })
    .from(sailings)
    .where(inArray(sailings.id, idPlaceholders(ids.length)))
    .prepare(`sailings_with_seats_${String(ids.length)}`)
    .execute({ ...idParams(ids), now: now.toISOString() });
}

/**
 * Locks the sailings (`for update`, in id order so two writers never deadlock), then reads each one with its seats
 * taken at `now`, for a seat-consuming write outside a hold (a late payment claiming its seats back) to decide on
 * inside the same transaction. Holds do the same in one statement: the `hold_seats` function (migration 0007).
 */
export async function lockSailings(tx: Database, ids: string[], now: Date) {
  if (ids.length === 0) return [];
  await tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(inArray(sailings.id, idPlaceholders(ids.length)))
    .orderBy(asc(sailings.id))
    .for('update')
    .prepare(`lock_sailings_${String(ids.length)}`)
    .execute(idParams(ids));
  // A second statement, after the lock is ours: it sees every hold committed by whoever held the lock before.
  return sailingsWithSeats(tx, ids, now);
}

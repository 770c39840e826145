import { asc, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { sailings } from '../schema/network.ts';

/**
 * Seats taken on a sailing at `now`: paid bookings, plus holds (`held`, `awaiting_payment`) that have not expired.
 * Expired holds stop counting by this time condition alone, so a late or stopped sweeper never oversells.
 * Use under a row lock on the sailing (`select ... for update`) when the answer decides a write.
 */
export function seatsTakenSql(now: Date | Placeholder): SQL<number> {
  // Qualified by hand: Drizzle leaves a column unqualified when a query reads one table, and a bare "id" here
  // would silently mean the subquery's own bookings.id.
  return sql<number>`coalesce((
    select sum(bl.seats) from booking_legs bl join bookings b on b.id = bl.booking_id
    where bl.sailing_id = ${sailings}."id"
      and (b.status = 'paid' or (b.status in ('held', 'awaiting_payment') and b.expires_at > ${now instanceof Date ? now.toISOString() : now}::timestamptz))
  ), 0)::int`;
}

/**
 * Locks the sailings (`for update`, in id order so two bookers never deadlock), then reads each one with its seats
 * taken at `now`. Every seat-consuming write decides on this answer inside the same transaction.
 */
export async function lockSailings(tx: Database, ids: string[], now: Date, lock: boolean) {
  if (ids.length === 0) return [];
  const sorted = [...ids].sort();
  const select = tx
    .select({ id: sailings.id })
    .from(sailings)
    .where(inArray(sailings.id, sorted))
    .orderBy(asc(sailings.id));
  if (lock) await select.for('update');
  // A second statement, after the lock is ours: it sees every hold committed by whoever held the lock before.
  return tx
    .select({
      id: sailings.id,
      routeId: sailings.routeId,
      operatorCode: sailings.operatorCode,
      departsAt: sailings.departsAt,
      arrivesAt: sailings.arrivesAt,
      capacity: sailings.capacity,
      status: sailings.status,
      taken: seatsTakenSql(now),
    })
    .from(sailings)
    .where(inArray(sailings.id, sorted));
}

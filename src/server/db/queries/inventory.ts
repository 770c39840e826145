import { sql, type Placeholder, type SQL } from 'drizzle-orm';
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

// The promises the booking model checks after every batch of concurrent operations, read straight from the
// database: seats never exceed capacity, the seat ledger equals a recount, no booking moves backwards, a paid
// booking has one confirming receipt and its tickets, and every amount received is either applied or refunded.
import { sql, type SQL } from 'drizzle-orm';
import { bookingStatuses, canMove, type BookingStatus } from '../../../src/domain/booking-lifecycle.ts';
import type { Database } from '../../../src/server/db/client.ts';

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Every status reachable from `from` in one or more allowed moves (a batch may make several). */
function reachable(from: BookingStatus): Set<BookingStatus> {
  const seen = new Set<BookingStatus>([from]);
  for (let grew = true; grew;) {
    grew = false;
    for (const a of [...seen])
      for (const b of bookingStatuses)
        if (!seen.has(b) && canMove(a, b)) {
          seen.add(b);
          grew = true;
        }
  }
  return seen;
}

/** Checks every promise; returns what was broken (empty when all hold). `seen` carries statuses across batches. */
export async function brokenPromises(db: Database, seen: Map<string, BookingStatus>): Promise<string[]> {
  const broken: string[] = [];
  const seats = await rows<{ id: string; capacity: number; counted: number; sold: number }>(
    db,
    sql`select s.id, s.capacity,
          coalesce((select sum(w.seats) from seat_windows w where w.sailing_id = s.id and w.counts_until > now()), 0)::int
            as counted,
          coalesce((select sum(bl.seats) from booking_legs bl join bookings b on b.id = bl.booking_id
                    where bl.sailing_id = s.id and b.status = 'paid'), 0)::int as sold
        from sailings s where exists (select 1 from booking_legs bl where bl.sailing_id = s.id)`,
  );
  for (const s of seats) {
    if (s.counted > s.capacity)
      broken.push(`sailing ${s.id}: ${String(s.counted)} seats counted of ${String(s.capacity)}`);
    if (s.sold > s.capacity)
      broken.push(`sailing ${s.id}: ${String(s.sold)} seats sold of ${String(s.capacity)}`);
  }

  const ledgerDiff = await rows<{ sailing_id: string; at: string; ledger: number; recount: number }>(
    db,
    sql`with recount as (
          select sailing_id, seat_window_key(counts_until) as at, sum(seats)::int as seats from booking_legs
          where sailing_id is not null and counts_until <> '-infinity' group by 1, 2),
        ledger as (select sailing_id, counts_until as at, seats from seat_windows where seats <> 0)
        select coalesce(l.sailing_id, r.sailing_id) as sailing_id, coalesce(l.at, r.at)::text as at,
          coalesce(l.seats, 0) as ledger, coalesce(r.seats, 0) as recount
        from ledger l full join recount r on r.sailing_id = l.sailing_id and r.at = l.at
        where coalesce(l.seats, 0) <> coalesce(r.seats, 0)`,
  );
  for (const d of ledgerDiff)
    broken.push(
      `ledger ${d.sailing_id} @${d.at}: ${String(d.ledger)} in the ledger, ${String(d.recount)} recounted`,
    );
  const staleLegs = await rows<{ booking_id: string }>(
    db,
    sql`select bl.booking_id from booking_legs bl join bookings b on b.id = bl.booking_id
        where bl.counts_until <> booking_seat_window(b.status, b.expires_at)`,
  );
  for (const leg of staleLegs)
    broken.push(`booking ${leg.booking_id}: leg window out of step with its status`);

  const books = await rows<{
    id: string;
    status: BookingStatus;
    confirmed: number;
    tickets: number;
    expected_tickets: number;
    late: number;
    late_mail: number;
  }>(
    db,
    sql`select b.id, b.status,
          (select count(*) from payment_receipts r join payments p on p.id = r.payment_id
           where p.booking_id = b.id and r.outcome = 'confirmed')::int as confirmed,
          (select count(*) from tickets t where t.booking_id = b.id)::int as tickets,
          ((select count(*) from booking_passengers bp where bp.booking_id = b.id)
            * (select count(*) from booking_legs bl where bl.booking_id = b.id))::int as expected_tickets,
          (select count(*) from payment_receipts r join payments p on p.id = r.payment_id
           where p.booking_id = b.id and r.outcome = 'late_seats_gone')::int as late,
          (select count(*) from sent_mails m where m.booking_id = b.id and m.kind = 'late_payment_refund')::int
            as late_mail
        from bookings b`,
  );
  for (const b of books) {
    const before = seen.get(b.id);
    if (before && !reachable(before).has(b.status))
      broken.push(`booking ${b.id} moved back: ${before} -> ${b.status}`);
    seen.set(b.id, b.status);
    const paid = b.status === 'paid';
    if (b.confirmed !== (paid ? 1 : 0))
      broken.push(`booking ${b.id} (${b.status}): ${String(b.confirmed)} confirming receipts`);
    if (b.tickets !== (paid ? b.expected_tickets : 0))
      broken.push(
        `booking ${b.id} (${b.status}): ${String(b.tickets)} tickets, ${String(b.expected_tickets)} due`,
      );
    if (b.late > 0 && b.late_mail !== 1)
      broken.push(`booking ${b.id}: a late payment refunded without telling them`);
  }

  const money = await rows<{ id: string; amount: number; applied: number; refunded: number }>(
    db,
    // float8: bigint columns come back from the driver as strings; every amount fits a double exactly.
    sql`select r.id, r.amount::float8 as amount,
          (case when r.outcome = 'confirmed' then p.amount else 0 end)::float8 as applied,
          coalesce((select sum(f.amount) from refunds f where f.receipt_id = r.id), 0)::float8 as refunded
        from payment_receipts r join payments p on p.id = r.payment_id`,
  );
  for (const m of money)
    if (m.amount !== m.applied + m.refunded)
      broken.push(
        `receipt ${m.id}: ${String(m.amount)} received, ${String(m.applied)} applied + ${String(m.refunded)} refunded`,
      );
  return broken;
}

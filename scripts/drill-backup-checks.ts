// What the backup drill holds a database to: every write acknowledged before the backup started is in it, and what it
// holds agrees with itself (seats, tickets, payments, refunds), whichever writes after that point it caught.
import pg from 'pg';
import { seated } from '../src/domain/after-sales.ts';
import type { Acknowledged } from './drill-backup-writes.ts';

/** One line of the result: `found` of `expected` (the check passes when they are equal). */
export interface Count {
  label: string;
  found: number;
  expected: number;
}

/** Tickets that take a seat on their sailing (domain/after-sales.ts). */
const LIVE_TICKET = `t.status in (${seated.map((status) => `'${status}'`).join(', ')})`;

const checks: { label: string; sql: string; args?: (acked: Acknowledged[]) => unknown[] }[] = [
  {
    label: 'holds acknowledged before the backup: booking there',
    sql: `select count(*)::int as found, cardinality($1::text[]) as expected from bookings where id = any($1)`,
    args: (acked) => [ids(acked, 'held')],
  },
  {
    label: 'payments acknowledged before: paid, payment + receipt',
    sql: `select count(*)::int as found, cardinality($1::text[]) as expected from bookings b
          where b.id = any($1) and b.status = 'paid' and exists (
            select 1 from payments p join payment_receipts r on r.payment_id = p.id
            where p.booking_id = b.id and p.status = 'paid' and r.outcome = 'confirmed')`,
    args: (acked) => [ids(acked, 'paid')],
  },
  {
    label: 'cancellations acknowledged before: ticket + refund',
    sql: `select count(*)::int as found, cardinality($1::text[]) as expected
          from unnest($1::text[], $2::text[], $3::bigint[]) as a(booking_id, ticket_number, refund)
          where exists (select 1 from tickets t where t.ticket_number = a.ticket_number and t.status = 'cancelled')
            and exists (select 1 from refunds f where f.booking_id = a.booking_id and f.reason = 'cancellation'
                        and a.ticket_number = any(f.ticket_numbers) and f.amount = a.refund)`,
    args: (acked) => {
      const cancelled = acked.filter((write) => write.kind === 'cancelled');
      return [
        cancelled.map((write) => write.bookingId),
        cancelled.map((write) => write.ticketNumber),
        cancelled.map((write) => write.refund),
      ];
    },
  },
  {
    label: 'sailings whose paid seats equal their tickets',
    sql: `with sold as (
            select bl.sailing_id, sum(bl.seats)::int as seats from booking_legs bl
            join bookings b on b.id = bl.booking_id
            where b.status = 'paid' and bl.sailing_id is not null group by bl.sailing_id),
          ticketed as (
            select bl.sailing_id, count(*)::int as seats from tickets t
            join booking_legs bl on bl.booking_id = t.booking_id and bl.leg = t.leg and bl.segment = t.segment
            join booking_passengers p on p.booking_id = t.booking_id and p.position = t.position
            where ${LIVE_TICKET} and p.category <> 'infant' and bl.sailing_id is not null group by bl.sailing_id)
          select count(*) filter (where coalesce(s.seats, 0) = coalesce(k.seats, 0))::int as found,
                 count(*)::int as expected
          from sold s full join ticketed k using (sailing_id)`,
  },
  {
    label: "sailings whose seat ledger equals their legs' seats",
    sql: `with legs as (
            select sailing_id, sum(seats)::int as seats from booking_legs
            where sailing_id is not null and counts_until <> '-infinity' group by sailing_id),
          ledger as (select sailing_id, sum(seats)::int as seats from seat_windows group by sailing_id)
          select count(*) filter (where coalesce(l.seats, 0) = coalesce(w.seats, 0))::int as found,
                 count(*)::int as expected
          from legs l full join ledger w using (sailing_id)`,
  },
  {
    label: 'sailings within their capacity',
    sql: `select count(*) filter (where coalesce(taken, 0) <= s.capacity)::int as found, count(*)::int as expected
          from sailings s left join (
            select sailing_id, sum(seats) as taken from seat_windows where counts_until > now() group by sailing_id
          ) w on w.sailing_id = s.id`,
  },
  {
    label: 'paid bookings with one paid payment of their total',
    sql: `select count(*) filter (where (
              select count(*) from payments p
              where p.booking_id = b.id and p.status = 'paid' and p.amount = (b.price->>'total')::bigint
                and exists (select 1 from payment_receipts r where r.payment_id = p.id and r.outcome = 'confirmed')
            ) = 1)::int as found, count(*)::int as expected
          from bookings b where b.status = 'paid'`,
  },
  {
    label: 'unpaid bookings without tickets',
    sql: `select count(*) filter (where not exists (select 1 from tickets t where t.booking_id = b.id))::int as found,
                 count(*)::int as expected
          from bookings b where b.status <> 'paid'`,
  },
  {
    label: 'cancelled tickets with their refund',
    sql: `select count(*) filter (where exists (
              select 1 from refunds f where f.booking_id = t.booking_id and f.reason = 'cancellation'
                and t.ticket_number = any(f.ticket_numbers)))::int as found, count(*)::int as expected
          from tickets t where t.status = 'cancelled'`,
  },
  {
    label: 'cancellation refunds whose tickets are cancelled',
    sql: `select count(*) filter (where not exists (
              select 1 from unnest(f.ticket_numbers) as n(ticket_number)
              where not exists (select 1 from tickets t
                                where t.ticket_number = n.ticket_number and t.status = 'cancelled')
            ))::int as found, count(*)::int as expected
          from refunds f where f.reason = 'cancellation'`,
  },
];

function ids(acked: Acknowledged[], kind: Acknowledged['kind']): string[] {
  return acked.filter((write) => write.kind === kind).map((write) => write.bookingId);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Each check on the database at `url`, against the writes acknowledged before the backup started. */
export function inspect(url: string, acked: Acknowledged[]): Promise<Count[]> {
  return withClient(url, async (client) => {
    const counts: Count[] = [];
    for (const check of checks) {
      const { rows } = await client.query<{ found: number; expected: number }>(
        check.sql,
        check.args?.(acked) ?? [],
      );
      counts.push({ label: check.label, found: rows[0]?.found ?? 0, expected: rows[0]?.expected ?? -1 });
    }
    return counts;
  });
}

/** The bookings by id and status. */
export function bookingStates(url: string): Promise<Map<string, string>> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string; status: string }>('select id, status from bookings');
    return new Map(rows.map((row) => [row.id, row.status]));
  });
}

/**
 * Nothing in the restore that the live database never had: each restored booking is there, and one paid in the
 * restore is paid there too (a booking only moves forward to paid, never back).
 */
export function restoredWithinLive(restored: Map<string, string>, live: Map<string, string>): Count {
  let found = 0;
  for (const [id, status] of restored)
    if (live.has(id) && (status !== 'paid' || live.get(id) === 'paid')) found++;
  return { label: 'restored bookings the live database has, as far on', found, expected: restored.size };
}

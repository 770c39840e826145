// After the load: everything the server acknowledged is in the database, no sailing sold more seats than it has,
// and every mail queued was sent.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { seated } from '../../src/domain/after-sales.ts';
import type { Acknowledged } from './traveller-load.ts';

export interface Findings {
  /** Acknowledged, then not found: a hold without its booking, a payment without its row, and so on. */
  lost: string[];
  oversold: { sailing: string; capacity: number; taken: number; travelling: number }[];
  mailsQueued: number;
  /** Claimed by a process when the database went away: sent once their lease lapsed. */
  mailsLeasedInOutage: number;
  mailsUnsent: number;
  /** Those still unsent: their kind, tries and when they are due again. */
  unsent: string[];
}

async function missing(db: pg.Pool, ids: Set<string>, sql: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(sql, [[...ids]]);
  const found = new Set(rows.map((row) => row.id));
  return [...ids].filter((id) => !found.has(id));
}

export async function nothingLost(
  db: pg.Pool,
  sailings: string[],
  ack: Acknowledged,
  leasesFrom?: Date,
): Promise<Findings> {
  const lost = [
    ...(await missing(db, ack.holds, 'select id from bookings where id = any($1)')).map((id) => `hold ${id}`),
    ...(
      await missing(db, ack.payments, 'select booking_id as id from payments where booking_id = any($1)')
    ).map((id) => `payment of ${id}`),
    ...(
      await missing(
        db,
        ack.paid,
        `select b.id from bookings b where b.id = any($1) and b.status = 'paid'
           and exists (select 1 from tickets t where t.booking_id = b.id)
           and exists (select 1 from sent_mails m where m.booking_id = b.id and m.kind = 'booking_paid')`,
      )
    ).map((id) => `paid booking ${id} (its tickets or its mail)`),
    ...(
      await missing(
        db,
        ack.cancellations,
        `select b.id from bookings b where b.id = any($1)
           and exists (select 1 from refunds r where r.booking_id = b.id)
           and exists (select 1 from sent_mails m where m.booking_id = b.id and m.kind = 'booking_cancelled')`,
      )
    ).map((id) => `cancellation of ${id} (its refund or its mail)`),
  ];
  const { rows: seats } = await db.query<Findings['oversold'][number]>(
    `select s.id as sailing, s.capacity,
       coalesce((select sum(w.seats) from seat_windows w
                 where w.sailing_id = s.id and w.counts_until > now()), 0)::int as taken,
       (select count(*) from tickets t join booking_legs bl
          on bl.booking_id = t.booking_id and bl.leg = t.leg and bl.segment = t.segment
        where bl.sailing_id = s.id and t.status = any($2::text[]))::int as travelling
     from sailings s where s.id = any($1::uuid[])`,
    [sailings, seated],
  );
  // A mail claimed as the database went away keeps its lease (5 minutes) and is sent when it lapses; count those
  // claimed before `leasesFrom` (the outage's end), then end their leases now, as the 5 minutes would, so the drill
  // sees them sent too. A lease taken since is a mail being sent right now: left alone (ending it would send twice).
  const { rows: leased } = leasesFrom
    ? await db.query<{ n: number }>(
        `with lapsed as (update sent_mails set claimed_until = now()
           where sent_at is null and claimed_until > now()
             and claimed_until - interval '5 minutes' < $1::timestamptz returning 1)
         select count(*)::int as n from lapsed`,
        [leasesFrom.toISOString()],
      )
    : { rows: [{ n: 0 }] };
  // The mail job of either process sends what is queued within its sweep; wait for it (at most a minute).
  let unsent = 0;
  for (let attempt = 0; attempt < 60; attempt++) {
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from sent_mails where sent_at is null',
    );
    unsent = rows[0]?.n ?? 0;
    if (unsent === 0) break;
    await sleep(1000);
  }
  const { rows: queued } = await db.query<{ n: number }>('select count(*)::int as n from sent_mails');
  const { rows: late } = await db.query<{ line: string }>(
    `select kind || ' tries ' || attempts || ' retry ' || coalesce(retry_at::text, '-') || ' lease ' ||
       coalesce(claimed_until::text, '-') as line from sent_mails where sent_at is null limit 10`,
  );
  return {
    lost,
    oversold: seats.filter((s) => s.taken > s.capacity || s.travelling > s.capacity),
    mailsQueued: queued[0]?.n ?? 0,
    mailsLeasedInOutage: leased[0]?.n ?? 0,
    mailsUnsent: unsent,
    unsent: late.map((row) => row.line),
  };
}

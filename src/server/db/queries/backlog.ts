import { sql, type SQL } from 'drizzle-orm';
import { MAX_MAIL_ATTEMPTS } from '../../../domain/mail-retry.ts';
import { agencyToday } from '../../../domain/agency.ts';
import { holdingStatuses } from '../../../domain/booking-lifecycle.ts';
import type { Database } from '../client.ts';

/** A pending attempt is overdue when its expiry is this far past: two sweeps (30 s each) should have settled it. */
const OVERDUE_AFTER = '2 minutes';

/**
 * What waits in the database, each as one number (a count, or seconds), read at each scrape for the operator's
 * gauges (observability/backlog.ts, docs/operations.md). Each part walks a partial index or a small table.
 */
function backlogParts(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const open = sql`status in (${sql.join(
    holdingStatuses.map((status) => sql`${status}`),
    sql`, `,
  )})`;
  const mailDue = (table: string) => {
    const rows = sql.identifier(table);
    const waiting = sql`sent_at is null and attempts < ${MAX_MAIL_ATTEMPTS}`;
    return {
      queued: sql`(select count(*) from ${rows} where ${waiting})`,
      dead: sql`(select count(*) from ${rows} where sent_at is null and attempts >= ${MAX_MAIL_ATTEMPTS})`,
      oldestDue: sql`(select extract(epoch from ${at} - min(coalesce(retry_at, created_at))) from ${rows}
        where ${waiting} and (retry_at is null or retry_at <= ${at}))`,
    };
  };
  const booking = mailDue('sent_mails');
  const account = mailDue('account_mails');
  return {
    holdsOpen: sql`(select count(*) from bookings where ${open} and expires_at > ${at})`,
    holdsOverdue: sql`(select count(*) from bookings where ${open} and expires_at <= ${at})`,
    /** How long the oldest hold past its expiry has waited for the sweeper. */
    sweeperLagSeconds: sql`(select extract(epoch from ${at} - min(expires_at)) from bookings
      where ${open} and expires_at <= ${at})`,
    bookingMailsQueued: booking.queued,
    bookingMailsDead: booking.dead,
    bookingMailOldestDueSeconds: booking.oldestDue,
    accountMailsQueued: account.queued,
    accountMailsDead: account.dead,
    accountMailOldestDueSeconds: account.oldestDue,
    refundsQueuedBankTransfer: sql`(select count(*) from refunds where status = 'queued' and path = 'bank_transfer')`,
    refundsQueuedGateway: sql`(select count(*) from refunds where status = 'queued' and path = 'gateway')`,
    /** Transfers owed past the Batam date promised: the console's `overdue` (domain/refund-queue.ts refundStateOf). */
    refundsOverdue: sql`(select count(*) from refunds where status = 'queued' and path = 'bank_transfer'
      and failed_at is null and due_on < ${agencyToday(now)}::date)`,
    /** The oldest refund asked of the gateway and still unanswered: its webhook lost? */
    gatewayRefundOldestWaitSeconds: sql`(select extract(epoch from ${at} - min(gateway_asked_at)) from refunds
      where status = 'queued' and gateway_state = 'requested')`,
    /** Attempts still pending two sweeps after their expiry: callbacks that never came, and not settled since. */
    paymentsOverdue: sql`(select count(*) from payments
      where status = 'pending' and expires_at < ${at} - ${OVERDUE_AFTER}::interval)`,
    vasToClose: sql`(select count(*) from payments where va_closed_at is null and gateway_account_id is not null
      and status in ('expired', 'failed', 'replaced'))`,
    anomaliesLastDay: sql`(select count(*) from payment_anomalies where received_at > ${at} - '1 day'::interval)`,
    /** Days of sailings ahead on the route with the fewest (each route's last on its index): the horizon job's work. */
    sailingHorizonDays: sql`(select extract(epoch from min(last) - ${at}) / 86400
      from (select (select max(departs_at) from sailings where route_id = routes.id) as last from routes) ahead)`,
    /** Lock requests waiting at this moment, in this database. */
    lockWaits: sql`(select count(*) from pg_locks where not granted
      and database = (select oid from pg_database where datname = current_database()))`,
  } satisfies Record<string, SQL>;
}

export type Backlog = Record<keyof ReturnType<typeof backlogParts>, number>;

/** Reads the backlog in one statement (a part with nothing to measure, such as no overdue hold, reads 0). */
export async function readBacklog(db: Database, now: Date): Promise<Backlog> {
  const parts = Object.entries(backlogParts(now));
  const columns = sql.join(
    parts.map(([name, part]) => sql`coalesce(${part}, 0) as ${sql.identifier(name)}`),
    sql`, `,
  );
  const result = (await db.execute(sql`select ${columns}`)) as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  return Object.fromEntries(parts.map(([name]) => [name, Number(row[name] ?? 0)])) as Backlog;
}

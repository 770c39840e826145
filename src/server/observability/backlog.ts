import { Gauge } from 'prom-client';
import type { Backlog } from '../db/queries/backlog.ts';
import { log } from './log.ts';
import { metricSources, once } from './metrics.ts';

/** A scrape waits at most this long for the backlog: a database in trouble must not fail the whole scrape. */
const READ_TIMEOUT_MS = 2000;

const backlogUp = once(
  'segara_backlog_up',
  (name) =>
    new Gauge({
      name,
      help: 'Whether the last scrape could read the backlog from the database (1) or not (0).',
    }),
);

/** One read of the backlog serves every gauge of a scrape (they collect one after another, within a second). */
let reading: Promise<Partial<Backlog> | undefined> | undefined;
function backlog(): Promise<Partial<Backlog> | undefined> {
  const read = metricSources().backlog;
  if (!read) return Promise.resolve(undefined);
  reading ??= new Promise<Partial<Backlog> | undefined>((resolve) => {
    const timer = setTimeout(() => {
      log.warn({ timeoutMs: READ_TIMEOUT_MS }, 'reading the backlog for the metrics took too long');
      backlogUp.set(0);
      resolve(undefined);
    }, READ_TIMEOUT_MS);
    read().then(
      (figures) => {
        clearTimeout(timer);
        backlogUp.set(1);
        resolve(figures);
      },
      (error: unknown) => {
        clearTimeout(timer);
        log.warn({ err: error }, 'reading the backlog for the metrics failed');
        backlogUp.set(0);
        resolve(undefined);
      },
    );
  }).finally(() => {
    setTimeout(() => (reading = undefined), 1000).unref();
  });
  return reading;
}

type Figure = keyof Backlog;

/**
 * A gauge read from the backlog: one figure, or one per label value (`{ open: 'holdsOpen' }` under `label`). A
 * backlog that could not be read leaves the gauge empty (and `segara_backlog_up` at 0) rather than fail the scrape.
 */
function backlogGauge(
  name: string,
  help: string,
  figures: Figure | Record<string, Figure>,
  label = '',
): void {
  once(
    name,
    (metric) =>
      new Gauge({
        name: metric,
        help,
        labelNames: typeof figures === 'string' ? [] : [label],
        async collect() {
          this.reset();
          const values = await backlog();
          if (!values) return;
          if (typeof figures === 'string') this.set(values[figures] ?? 0);
          else
            for (const [key, figure] of Object.entries(figures))
              this.set({ [label]: key }, values[figure] ?? 0);
        },
      }),
  );
}

/*
 * The gauges read from the database at each scrape (db/queries/backlog.ts reads the figures), named as the alerts
 * in docs/operations.md use them. Every process reports the same figures: alert on their `max`.
 */
const queues = (booking: Figure, account: Figure) => ({ sent_mails: booking, account_mails: account });
backlogGauge(
  'segara_holds',
  'Bookings held for payment: open, or overdue (past expiry, not yet swept).',
  { open: 'holdsOpen', overdue: 'holdsOverdue' },
  'state',
);
backlogGauge(
  'segara_sweeper_lag_seconds',
  'How long the oldest hold past its expiry has waited for the sweeper.',
  'sweeperLagSeconds',
);
backlogGauge(
  'segara_mails_queued',
  'Mails waiting to be sent (not yet given up), by queue.',
  queues('bookingMailsQueued', 'accountMailsQueued'),
  'queue',
);
backlogGauge(
  'segara_mails_dead',
  'Mails given up after every retry: nobody sends them without a person.',
  queues('bookingMailsDead', 'accountMailsDead'),
  'queue',
);
backlogGauge(
  'segara_mail_oldest_due_seconds',
  'How long the oldest mail due has waited, by queue.',
  queues('bookingMailOldestDueSeconds', 'accountMailOldestDueSeconds'),
  'queue',
);
backlogGauge(
  'segara_refunds_queued',
  "Refunds owed, by path (the agency's bank transfer, or the gateway).",
  { bank_transfer: 'refundsQueuedBankTransfer', gateway: 'refundsQueuedGateway' },
  'path',
);
backlogGauge(
  'segara_refunds_overdue',
  'Bank transfers owed past the date the traveller was promised.',
  'refundsOverdue',
);
backlogGauge(
  'segara_gateway_refund_oldest_wait_seconds',
  'The oldest refund asked of the gateway with no answer yet.',
  'gatewayRefundOldestWaitSeconds',
);
backlogGauge(
  'segara_payments_overdue',
  'Attempts still pending 2 minutes after expiry: the sweep has not ended them.',
  'paymentsOverdue',
);
backlogGauge(
  'segara_vas_to_close',
  'Virtual accounts of ended attempts not yet closed at the gateway.',
  'vasToClose',
);
backlogGauge(
  'segara_payment_anomalies_last_day',
  'Signed callbacks that could not be applied, in the last 24 hours.',
  'anomaliesLastDay',
);
backlogGauge(
  'segara_sailing_horizon_days',
  'Days of sailings ahead, on the route with the fewest.',
  'sailingHorizonDays',
);
backlogGauge('segara_db_lock_waits', 'Lock requests waiting at this moment in this database.', 'lockWaits');

import { backlogGauge } from './metrics.ts';

/**
 * The gauges read from the database at each scrape (db/queries/backlog.ts reads the figures), named as the alerts
 * in docs/operations.md use them. Every process reports the same figures: alert on their `max`.
 */
backlogGauge(
  'segara_holds',
  'Bookings held for payment: open, or overdue (past their expiry, not yet swept).',
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
  { sent_mails: 'bookingMailsQueued', account_mails: 'accountMailsQueued' },
  'queue',
);
backlogGauge(
  'segara_mails_dead',
  'Mails given up after every retry: nobody will send them without a person.',
  { sent_mails: 'bookingMailsDead', account_mails: 'accountMailsDead' },
  'queue',
);
backlogGauge(
  'segara_mail_oldest_due_seconds',
  'How long the oldest mail due has waited, by queue.',
  { sent_mails: 'bookingMailOldestDueSeconds', account_mails: 'accountMailOldestDueSeconds' },
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
  'Refunds owed past the date the traveller was promised.',
  'refundsOverdue',
);
backlogGauge(
  'segara_gateway_refund_oldest_wait_seconds',
  'The oldest refund asked of the gateway with no answer yet.',
  'gatewayRefundOldestWaitSeconds',
);
backlogGauge(
  'segara_payments_overdue',
  'Payment attempts still pending two minutes after their expiry: callbacks never received, not settled.',
  'paymentsOverdue',
);
backlogGauge(
  'segara_vas_to_close',
  'Virtual accounts of ended attempts not yet closed at the gateway.',
  'vasToClose',
);
backlogGauge(
  'segara_payment_anomalies_last_day',
  'Signed callbacks that could not be applied, received in the last 24 hours.',
  'anomaliesLastDay',
);
backlogGauge('segara_sailing_horizon_days', 'Days of sailings ahead of now.', 'sailingHorizonDays');
backlogGauge('segara_db_lock_waits', 'Lock requests waiting at this moment in the database.', 'lockWaits');

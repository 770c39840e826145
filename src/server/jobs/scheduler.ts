import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/transport.ts';
import type { Network } from '../network.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { closeVirtualAccounts } from './close-virtual-accounts.ts';
import { deliverAccountMails } from './deliver-account-mails.ts';
import { deliverMails } from './deliver-mails.ts';
import { expireBookings } from './expire-bookings.ts';
import { expireOpenTickets } from './expire-open-tickets.ts';
import { extendSailingHorizon } from './extend-sailings.ts';
import { requestGatewayRefunds } from './request-refunds.ts';
import { applyRetention } from './retention.ts';
import { settleDueAttempts } from './settle-due-attempts.ts';
import { log } from '../observability/log.ts';
import { runJob } from '../observability/job-run.ts';

/** How often a process sweeps expired holds and sends queued mail. Seats are right without it. */
export const SWEEP_INTERVAL_MS = 30_000;
const VA_CLOSE_BATCH = 50;
const REFUND_BATCH = 20;

export interface Jobs {
  /** Run the outbound jobs now (after a change queued mail or a refund to a card), not at the next tick. */
  mailQueued: () => void;
  /** Run a sweep now rather than at the next tick (tests); one already under way is waited for, not run twice. */
  sweepNow: () => Promise<void>;
  /** No more sweeps; resolves once the work under way (a sweep, a mail run, refund requests) has ended. */
  stop: () => Promise<void>;
}

/**
 * Runs the background jobs of one server process. Every process may run them: the jobs claim rows with SKIP
 * LOCKED, so several processes never do the same work twice.
 */
export function startJobs(
  database: () => Promise<Database>,
  clock: () => Date,
  mail: { mailer: Mailer; network: Network; siteUrl: string },
  gateway: PaymentGateway,
  horizonDays: number,
): Jobs {
  let sweeping: Promise<void> | undefined; // the sweep under way, which a second call waits for instead
  let horizonExtendedOn = ''; // the UTC day this process last extended the sailing horizon
  let retainedInHour = ''; // the UTC hour this process last erased what the privacy policy no longer keeps
  let stopped = false; // the process is stopping: finish the mail in hand, start no other
  const running = () => !stopped;
  let mailing: Promise<void> | undefined; // the mail run under way
  let kicks = 0; // a kick while sending runs the job once more afterwards
  const sendMail = async () => {
    kicks++;
    if (mailing) return;
    mailing = mailRun();
    await mailing;
  };
  const mailRun = async () => {
    try {
      const db = await database();
      for (let seen = -1; seen !== kicks && running();) {
        seen = kicks;
        // A batch (10) at a time, until none is due or the process stops: the rest go from another process or the next.
        await runJob('mail', async () => {
          while (running() && (await deliverMails({ db, ...mail, now: clock() })) > 0);
          while (running() && (await deliverAccountMails({ db, ...mail, now: clock() })) > 0);
        });
      }
    } catch (error) {
      // The job's own failure is logged by runJob; this also catches the database failing to open.
      log.warn({ err: error }, 'sending mail failed; retrying at the next sweep');
    } finally {
      mailing = undefined;
    }
  };
  let refunding: Promise<void> | undefined; // one round of refund requests at a time per process
  const requestRefunds = () =>
    (refunding ??= (async () => {
      const db = await database();
      await runJob('request-refunds', async () => {
        while ((await requestGatewayRefunds(db, gateway, clock, REFUND_BATCH)) === REFUND_BATCH);
      });
    })()
      .catch(() => {
        log.warn('asking the gateway for refunds failed; retrying at the next sweep');
      })
      .finally(() => {
        refunding = undefined;
      }));
  const sweepOnce = async () => {
    try {
      const db = await database();
      // Once a day, the timetable's next day of sailings (a no-op on the days db:setup or another process did it).
      const day = clock().toISOString().slice(0, 10);
      if (day !== horizonExtendedOn)
        await runJob('extend-horizon', () =>
          extendSailingHorizon(db, mail.network.data, clock(), horizonDays),
        ).then(
          () => (horizonExtendedOn = day),
          () => {
            log.warn('extending the sailing horizon failed; trying again at the next sweep');
          },
        );
      // First ask the gateway about the VAs of bookings due by the next sweep (one pass: what it cannot answer
      // expires as before), so a payment whose callback was lost confirms its booking instead of expiring it. Its
      // own failure never holds up the expiry below.
      await runJob('settle-due-attempts', () =>
        settleDueAttempts(db, gateway, clock, { lookaheadMs: SWEEP_INTERVAL_MS }),
      ).catch(() => {
        log.warn('settling due virtual accounts failed; expiring as usual');
      });
      // Drain a backlog in batches, then wait for the next tick.
      await runJob('expire-bookings', async () => {
        while ((await expireBookings(db, clock())).length > 0);
      });
      // Then their VAs, over the network and outside any transaction; a full batch means more may wait.
      await runJob('close-virtual-accounts', async () => {
        while ((await closeVirtualAccounts(db, gateway, clock, VA_CLOSE_BATCH)) === VA_CLOSE_BATCH);
      });
      await runJob('expire-open-tickets', () => expireOpenTickets(db, clock()));
      // Once an hour: the retention promises count in days, and an idle run reads only what is still kept.
      const hour = clock().toISOString().slice(0, 13);
      if (hour !== retainedInHour)
        await runJob('retention', () => applyRetention(db, clock())).then(
          () => (retainedInHour = hour),
          () => {
            log.warn('erasing data past its retention failed; trying again at the next sweep');
          },
        );
      await requestRefunds();
    } catch (error) {
      log.warn({ err: error }, 'expiring bookings failed; retrying at the next sweep');
    }
    await sendMail();
  };
  const sweep = () =>
    (sweeping ??= runJob('sweep', sweepOnce).finally(() => {
      sweeping = undefined;
    }));
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref(); // never the reason a process stays alive (a build, a test)
  return {
    // The mail goes at once; the refunds' round sends what it queued (the "asked" mail) when it is over.
    mailQueued: () => {
      void sendMail();
      void requestRefunds().then(sendMail);
    },
    sweepNow: sweep,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      // Let the work under way end (a mail half sent would go again when its lease lapses; a refund asked of the
      // gateway would be left to the next sweep to ask again).
      await Promise.allSettled([sweeping, mailing, refunding]);
    },
  };
}

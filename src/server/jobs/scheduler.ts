import type { Database } from '../db/client.ts';
import type { Mailer } from '../mail/transport.ts';
import type { Network } from '../network.ts';
import type { PaymentGateway } from '../payments/gateway.ts';
import { closeVirtualAccounts } from './close-virtual-accounts.ts';
import { deliverAccountMails } from './deliver-account-mails.ts';
import { deliverMails } from './deliver-mails.ts';
import { expireBookings } from './expire-bookings.ts';
import { expireOpenTickets } from './expire-open-tickets.ts';
import { settleDueAttempts } from './settle-due-attempts.ts';

/** How often a process sweeps expired holds and sends queued mail. Seats are right without it. */
export const SWEEP_INTERVAL_MS = 30_000;
const VA_CLOSE_BATCH = 50;

export interface Jobs {
  /** Run the mail job now (after a change queued mail), not at the next tick. */
  mailQueued: () => void;
  stop: () => void;
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
): Jobs {
  let sweeping = false;
  let mailing = false;
  let kicks = 0; // a kick while sending runs the job once more afterwards
  const sendMail = async () => {
    kicks++;
    if (mailing) return;
    mailing = true;
    try {
      const db = await database();
      for (let seen = -1; seen !== kicks;) {
        seen = kicks;
        while ((await deliverMails({ db, ...mail, now: clock() })) > 0);
        while ((await deliverAccountMails({ db, ...mail, now: clock() })) > 0);
      }
    } catch (error) {
      console.error('sending mail failed; retrying at the next sweep', error);
    } finally {
      mailing = false;
    }
  };
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      const db = await database();
      // First ask the gateway about the VAs of bookings due by the next sweep (one pass: what it cannot answer
      // expires as before), so a payment whose callback was lost confirms its booking instead of expiring it. Its
      // own failure never holds up the expiry below.
      await settleDueAttempts(db, gateway, clock, { lookaheadMs: SWEEP_INTERVAL_MS }).catch(
        (error: unknown) => {
          console.error('settling due virtual accounts failed; expiring as usual', error);
        },
      );
      // Drain a backlog in batches, then wait for the next tick.
      while ((await expireBookings(db, clock())).length > 0);
      // Then their VAs, over the network and outside any transaction; a full batch means more may wait.
      while ((await closeVirtualAccounts(db, gateway, clock, VA_CLOSE_BATCH)) === VA_CLOSE_BATCH);
      await expireOpenTickets(db, clock());
    } catch (error) {
      console.error('expiring bookings failed; retrying at the next sweep', error);
    } finally {
      sweeping = false;
    }
    await sendMail();
  };
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref(); // never the reason a process stays alive (a build, a test)
  return {
    mailQueued: () => void sendMail(),
    stop: () => {
      clearInterval(timer);
    },
  };
}

import type { Database } from '../db/client.ts';
import { expireBookings } from './expire-bookings.ts';

/** How often a process sweeps expired holds. Seats are right without it; statuses and e-mails follow within this. */
export const SWEEP_INTERVAL_MS = 30_000;

/**
 * Runs the background jobs of one server process. Every process may run them: the jobs claim rows with SKIP
 * LOCKED, so several processes never do the same work twice.
 */
export function startJobs(database: () => Promise<Database>, clock: () => Date): () => void {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const db = await database();
      // Drain a backlog in batches, then wait for the next tick.
      while ((await expireBookings(db, clock())).length > 0);
    } catch (error) {
      console.error('expiring bookings failed; retrying at the next sweep', error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref(); // never the reason a process stays alive (a build, a test)
  return () => {
    clearInterval(timer);
  };
}

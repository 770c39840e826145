import { sql } from 'drizzle-orm';
import { refuse } from '../validation-errors.ts';
import type { Database } from './client.ts';
import { countLockConflict } from '../observability/metrics.ts';

/**
 * PostgreSQL's answers to transactions that collided rather than failed: a deadlock (40P01) or a serialization
 * failure (40001) is safe to run again from the start; a lock wait past `lock_timeout` (55P03) means the rows are
 * busy now. One lock order (docs/decisions/0001-lock-order.md) keeps these rare; they are still never a 500.
 */
const RETRYABLE = new Set(['40P01', '40001']);
const BUSY = new Set([...RETRYABLE, '55P03']);

/** The SQLSTATE of a database error, looking through Drizzle's wrapper (`cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a transaction (the whole of it, `work`), again up to `attempts` times when PostgreSQL aborted it as a deadlock
 * or serialization victim. Still colliding, or waiting past its lock timeout: a 503 refusal (answered with
 * Retry-After), so a client or a gateway tries again later and nothing half-done was kept.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error);
      if (state && RETRYABLE.has(state) && attempt < attempts) {
        countLockConflict('retried');
        // A short random pause, so the two victims do not collide again in step.
        await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
        continue;
      }
      if (state && BUSY.has(state)) {
        countLockConflict('busy');
        throw refuse('booking', 'api_busy');
      }
      throw error;
    }
  }
}

/** How long a seat-touching transaction waits for a row lock before giving up with 55P03 (then a 503). */
const LOCK_TIMEOUT = '5s';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A transaction that takes row locks in the documented order (docs/decisions/0001-lock-order.md): it waits for a
 * lock at most LOCK_TIMEOUT, and runs again as a whole when PostgreSQL picked it as a deadlock victim.
 */
export function lockingTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retryingConflicts(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
      return work(tx);
    }),
  );
}

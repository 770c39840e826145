import type { Database } from '../db/client.ts';
import { paymentAnomalies } from '../db/schema/payments.ts';

/** How much of an odd callback's body is kept: enough to read, never a way to fill the disk. */
const KEPT_BODY_CHARS = 16 * 1024;

/**
 * Keeps an authenticated callback that could not be applied, for the agency (`npm run ops -- anomalies`): the
 * reason and the body as received, with the characters PostgreSQL cannot store (NUL, lone surrogates) replaced.
 */
export async function recordAnomaly(
  db: Database,
  anomaly: { gateway: 'sandbox' | 'xendit'; reason: string; body: string; receivedAt: Date },
): Promise<void> {
  const body = anomaly.body.slice(0, KEPT_BODY_CHARS).replaceAll('\u0000', '\uFFFD').toWellFormed();
  await db.insert(paymentAnomalies).values({ ...anomaly, reason: anomaly.reason.slice(0, 64), body });
}

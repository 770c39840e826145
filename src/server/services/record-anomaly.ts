import type { Database } from '../db/client.ts';
import { paymentAnomalies } from '../db/schema/anomalies.ts';
import { writeAudit } from './audit.ts';
import { currentRequestId } from '../observability/request-scope.ts';

/** How much of an odd callback's body is kept: enough to read, never a way to fill the disk. */
const KEPT_BODY_CHARS = 16 * 1024;

/**
 * Keeps an authenticated callback that could not be applied, for the agency (`npm run ops -- anomalies`): the
 * reason and the body as received, with the characters PostgreSQL cannot store (NUL, lone surrogates) replaced.
 */
export async function recordAnomaly(
  db: Database,
  anomaly: { gateway: 'sandbox' | 'xendit'; reason: string; body: string; receivedAt: Date },
  /** Who found it: the gateway's callback (the default), or one of our jobs asking the gateway (`system`). */
  by: 'gateway' | 'system' = 'gateway',
): Promise<void> {
  const body = anomaly.body.slice(0, KEPT_BODY_CHARS).replaceAll('\u0000', '\uFFFD').toWellFormed();
  const reason = anomaly.reason.slice(0, 64);
  await db.transaction(async (tx) => {
    const [kept] = await tx
      .insert(paymentAnomalies)
      .values({ ...anomaly, reason, body, requestId: currentRequestId() ?? null })
      .returning({ id: paymentAnomalies.id });
    if (kept)
      await writeAudit(tx, {
        by: by === 'system' ? 'system' : { kind: 'gateway', gateway: anomaly.gateway },
        action: 'anomaly.recorded',
        subject: { type: 'anomaly', id: kept.id },
        after: { reason },
        at: anomaly.receivedAt,
      });
  });
}

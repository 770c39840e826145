import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paymentReceipts, payments } from '../db/schema/payments.ts';
import { recordAnomaly } from '../services/record-anomaly.ts';
import { refundDueOn } from '../calendar/indonesian-holidays.ts';
import { recordReportedPayment } from '../use-cases/record-payment.ts';
import {
  GatewayUnavailable,
  GatewayUnreachable,
  type PaymentGateway,
  type AttemptRef,
} from '../payments/gateway.ts';
import { log } from '../observability/log.ts';

/**
 * Closes at the gateway the virtual accounts of attempts that ended unpaid: the sweeper expired their booking, or
 * the VA arrived after its hold had lapsed. A payer who kept the number then cannot pay for seats the booking no
 * longer holds. Each closed VA is marked (`va_closed_at`) and leaves the queue; a VA the gateway no longer has is
 * marked too, with a warning; one already taking nothing is asked whether it was paid without our hearing of it.
 * While the gateway is unreachable the round stops; a VA it refuses to close waits for the next sweep.
 * Rows are not claimed: two processes closing the same VA is harmless (closing is idempotent) and rare.
 * Returns how many VAs left the queue.
 */
export async function closeVirtualAccounts(
  db: Database,
  gateway: PaymentGateway,
  now: () => Date,
  batch = 50,
): Promise<number> {
  const due = await db
    .select({
      id: payments.id,
      externalId: payments.externalId,
      gatewayAccountId: payments.gatewayAccountId,
      method: payments.method,
    })
    .from(payments)
    .where(
      and(
        isNull(payments.vaClosedAt),
        isNotNull(payments.gatewayAccountId),
        inArray(payments.status, ['expired', 'failed', 'replaced']),
        // VAs of a gateway no longer configured cannot be closed with this one's keys.
        eq(payments.gateway, gateway.name),
      ),
    )
    .orderBy(asc(payments.expiresAt))
    .limit(batch);
  let done = 0;
  for (const attempt of due) {
    if (!attempt.gatewayAccountId) continue;
    const ref = {
      gatewayAccountId: attempt.gatewayAccountId,
      externalId: attempt.externalId,
      method: attempt.method,
    };
    let outcome;
    try {
      outcome = await gateway.closeAttempt(ref);
      // Already taking nothing: paid, perhaps, by a payment whose callback never came. Ask, and tell the agency.
      if (outcome === 'already_inactive') await flagUnannouncedPayment(db, gateway, attempt.id, ref, now());
    } catch (error) {
      // No answer: every next call would fail too, so the round stops. A refusal of this one VA: the next one.
      if (error instanceof GatewayUnreachable) return done;
      if (error instanceof GatewayUnavailable) {
        log.warn(
          { err: error, va: ref.gatewayAccountId },
          'closing a VA failed; trying again at the next sweep',
        );
        continue;
      }
      throw error;
    }
    if (outcome === 'not_found')
      log.warn({ va: ref.gatewayAccountId, attempt: ref.externalId }, 'the gateway has no such VA to close');
    await db.update(payments).set({ vaClosedAt: now() }).where(eq(payments.id, attempt.id));
    done++;
  }
  return done;
}

/**
 * A VA the gateway says was paid while we hold no receipt of it: real money whose callback was lost (a wrong
 * callback URL, retries switched off). Kept as an anomaly for the agency (`npm run ops -- anomalies`).
 */
async function flagUnannouncedPayment(
  db: Database,
  gateway: PaymentGateway,
  attemptId: string,
  ref: AttemptRef,
  now: Date,
): Promise<void> {
  const receipts = await db
    .select({ id: paymentReceipts.gatewayPaymentId })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.paymentId, attemptId));
  if (receipts.length > 0) return;
  const state = await gateway.attemptStatus(ref);
  if (state.kind !== 'paid') return;
  // Paid, and the gateway says by what (a replaced card or QR paid while its webhook was lost): recorded as the
  // webhook would have been, so the money counts or goes back; only money it cannot name is left to a person.
  if (state.payments.length > 0) {
    for (const payment of state.payments)
      await recordReportedPayment(payment, { db, clock: () => now, by: 'system', calendar: { refundDueOn } });
    return;
  }
  await recordAnomaly(
    db,
    {
      gateway: gateway.name,
      reason: 'paid_without_callback',
      body: JSON.stringify({ ...ref, payments: state.payments }),
      receivedAt: now,
    },
    'system',
  );
}

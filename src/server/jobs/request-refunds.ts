import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paymentReceipts, payments, refunds } from '../db/schema/payments.ts';
import { GatewayUnavailable, GatewayUnreachable, type PaymentGateway } from '../payments/gateway.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { settleGatewayRefund } from '../use-cases/record-refund-outcome.ts';
import { log } from '../observability/log.ts';

/** How long a process keeps a refund it took to ask the gateway about, before another may ask again. */
const ASK_LEASE_MS = 2 * 60_000;

/**
 * Asks the gateway for the refunds that go back to a card or wallet (`gateway_state = 'to_request'`), over the
 * network and outside any transaction. Each refund is first taken with a lease (`gateway_asked_at`), so two
 * processes never ask for it at once; the refund's id is also the gateway's idempotency key, for a process that
 * died between asking and marking (its lease lapses and another asks again). Taken: marked `requested` with the
 * gateway's id, and its webhook says how it ended. Refused outright (too late for the method, an issuer that takes
 * no refunds): the same fallback as a failed one, a bank transfer the traveller is asked an account for. While the
 * gateway is unreachable the round stops. Returns how many left the queue.
 */
export async function requestGatewayRefunds(
  db: Database,
  gateway: PaymentGateway,
  clock: () => Date,
  batch = 20,
): Promise<number> {
  const due = await db
    .select({
      id: refunds.id,
      amount: refunds.amount,
      method: payments.method,
      gatewayPaymentId: paymentReceipts.gatewayPaymentId,
      gatewayAccountId: payments.gatewayAccountId,
    })
    .from(refunds)
    .innerJoin(paymentReceipts, eq(paymentReceipts.id, refunds.receiptId))
    .innerJoin(payments, eq(payments.id, paymentReceipts.paymentId))
    .where(and(eq(refunds.gatewayState, 'to_request'), eq(payments.gateway, gateway.name), free(clock())))
    .orderBy(asc(refunds.createdAt))
    .limit(batch);
  let done = 0;
  for (const refund of due) {
    const now = clock();
    const [taken] = await db
      .update(refunds)
      .set({ gatewayAskedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.gatewayState, 'to_request'), free(now)))
      .returning({ id: refunds.id });
    if (!taken) continue; // another process has it
    let answer;
    try {
      answer = await gateway.requestRefund({
        refundId: refund.id,
        method: refund.method,
        gatewayPaymentId: refund.gatewayPaymentId,
        gatewayAccountId: refund.gatewayAccountId,
        amount: refund.amount,
      });
    } catch (error) {
      if (error instanceof GatewayUnreachable) return done;
      if (!(error instanceof GatewayUnavailable)) throw error;
      log.warn(
        { err: error, refund: refund.id },
        'asking for a refund failed; trying again at the next sweep',
      );
      continue;
    }
    if (answer.kind === 'refused')
      await settleGatewayRefund(
        db,
        { refundId: refund.id, gatewayRefundId: '', outcome: 'failed', failure: answer.reason },
        { now: clock(), by: 'system', onlyIfNotAsked: true },
      );
    // Only a refund still waiting is marked (a webhook that came first keeps its outcome), and the traveller told.
    else
      await db.transaction(async (tx) => {
        const marked = await tx
          .update(refunds)
          .set({ gatewayState: 'requested', gatewayRefundId: answer.gatewayRefundId })
          .where(and(eq(refunds.id, refund.id), eq(refunds.gatewayState, 'to_request')))
          .returning({ bookingId: refunds.bookingId });
        for (const { bookingId } of marked) await queueCurrentStateMail(tx, bookingId, 'refund_to_method');
      });
    done++;
  }
  return done;
}

/** Not taken by a process, or its lease lapsed. */
function free(now: Date) {
  return or(
    isNull(refunds.gatewayAskedAt),
    lt(refunds.gatewayAskedAt, new Date(now.getTime() - ASK_LEASE_MS)),
  );
}

import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { paymentReceipts, payments, refunds } from '../db/schema/payments.ts';
import { GatewayUnavailable, GatewayUnreachable, type PaymentGateway } from '../payments/gateway.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { settleGatewayRefund } from '../use-cases/record-refund-outcome.ts';

/**
 * Asks the gateway for the refunds that go back to a card or wallet (`gateway_state = 'to_request'`), over the
 * network and outside any transaction: the refund's id is the gateway's idempotency key, so two processes asking at
 * once, or a process that died between asking and marking, make one refund. Taken: marked `requested` with the
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
    .where(and(eq(refunds.gatewayState, 'to_request'), eq(payments.gateway, gateway.name)))
    .orderBy(asc(refunds.createdAt))
    .limit(batch);
  let done = 0;
  for (const refund of due) {
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
      console.error(`asking for refund ${refund.id} failed; trying again at the next sweep:`, error.message);
      continue;
    }
    if (answer.kind === 'refused')
      await settleGatewayRefund(
        db,
        { refundId: refund.id, gatewayRefundId: '', outcome: 'failed', failure: answer.reason },
        { now: clock(), by: 'system' },
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

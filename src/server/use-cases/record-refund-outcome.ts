import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { refunds } from '../db/schema/payments.ts';
import type { ReportedRefund } from '../payments/gateway.ts';
import { writeAudit } from '../services/audit.ts';
import type { Actor, UseCaseContext } from './context.ts';

export type RefundOutcome =
  /** Back on the card or in the wallet: the refund is done, the traveller is told. */
  | 'succeeded'
  /** The gateway could not return it: owed by bank transfer now, the traveller is asked for an account. */
  | 'failed'
  /** Said before (a replayed webhook), or said after the agency already paid it otherwise: nothing changed. */
  | 'duplicate'
  /** Not a gateway refund of ours. */
  | 'unknown';

/**
 * A gateway refund's outcome, from its webhook or from the gateway's refusal of the request itself. Decided under
 * the refund's row lock, once. A failure turns the refund into a bank transfer the agency owes (shown as failed in
 * the console's queue until the traveller gives an account); a success after such a failure, while the transfer is
 * still unpaid, takes the refund back to the gateway's; a success after the agency paid by transfer is money sent
 * twice, which the agency must see (audited as such; the caller keeps it as an anomaly).
 */
export function settleGatewayRefund(
  db: Database,
  reported: ReportedRefund,
  context: {
    now: Date;
    by: Actor | 'system';
    /** The gateway refused the request itself: a refund it took meanwhile (another request) is not failed by it. */
    onlyIfNotAsked?: boolean;
  },
): Promise<RefundOutcome | 'paid_twice'> {
  return lockingTransaction(db, async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, reported.refundId)).for('update');
    if (!refund?.receiptId || refund.gatewayState === null) return 'unknown';
    // Another refund at the gateway than the one we asked for under this reference: not ours to apply.
    if (refund.gatewayRefundId && refund.gatewayRefundId !== reported.gatewayRefundId) return 'unknown';
    const { now, by } = context;
    const subject = { type: 'refund' as const, id: refund.id };
    if (reported.outcome === 'succeeded') {
      if (refund.gatewayState === 'succeeded') return 'duplicate';
      if (refund.status === 'done') {
        await writeAudit(tx, {
          by,
          action: 'refund.paid_twice',
          subject,
          bookingId: refund.bookingId,
          at: now,
        });
        return 'paid_twice';
      }
      await tx
        .update(refunds)
        .set({
          path: 'gateway',
          gatewayState: 'succeeded',
          gatewayRefundId: reported.gatewayRefundId,
          status: 'done',
          paidAt: now,
          failedAt: null,
          failure: null,
        })
        .where(eq(refunds.id, refund.id));
      await writeAudit(tx, {
        by,
        action: 'refund.paid',
        subject,
        bookingId: refund.bookingId,
        after: { status: 'done', paidAt: now, gatewayRefundId: reported.gatewayRefundId },
        at: now,
      });
      await queueCurrentStateMail(tx, refund.bookingId, 'refund_to_method');
      return 'succeeded';
    }
    // A failure after the outcome was known (late or out of order) changes nothing.
    if (refund.gatewayState === 'failed' || refund.gatewayState === 'succeeded' || refund.status === 'done')
      return 'duplicate';
    if (context.onlyIfNotAsked && refund.gatewayState !== 'to_request') return 'duplicate';
    const failure = `gateway: ${reported.failure ?? 'REFUND_FAILED'}`;
    await tx
      .update(refunds)
      .set({
        path: 'bank_transfer',
        gatewayState: 'failed',
        gatewayRefundId: reported.gatewayRefundId || refund.gatewayRefundId,
        failedAt: now,
        failure,
      })
      .where(eq(refunds.id, refund.id));
    await writeAudit(tx, {
      by,
      action: 'refund.failed',
      subject,
      bookingId: refund.bookingId,
      reason: failure,
      at: now,
    });
    await queueCurrentStateMail(tx, refund.bookingId, 'refund_account_needed');
    return 'failed';
  });
}

/** Use case: a refund's outcome, as a gateway's authenticated webhook reports it. */
export const recordRefundOutcome = {
  name: 'record-refund-outcome',
  async run(ctx: UseCaseContext, reported: ReportedRefund): Promise<RefundOutcome | 'paid_twice'> {
    const outcome = await settleGatewayRefund(ctx.db, reported, { now: ctx.clock(), by: ctx.actor });
    if (outcome === 'succeeded' || outcome === 'failed') ctx.afterCommit(ctx.wakeMail);
    return outcome;
  },
};

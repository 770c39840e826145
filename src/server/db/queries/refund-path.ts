import { and, eq } from 'drizzle-orm';
import { refundPathFor, type PaymentMethod } from '../../../domain/payment-methods.ts';
import type { Database } from '../client.ts';
import { paymentReceipts, payments } from '../schema/payments.ts';

/** The columns that say how a refund goes back (refunds.path, gateway_state, receipt_id). */
export interface RefundRoute {
  path: 'bank_transfer' | 'gateway';
  gatewayState: 'to_request' | null;
  receiptId: string | null;
}

/** The route of a refund of the payment `receipt` (taken by `method` at `paidAt`), decided at `now`. */
export function refundRoute(
  receipt: { id: string; method: PaymentMethod; paidAt: Date },
  now: Date,
): RefundRoute {
  const path = refundPathFor(receipt.method, receipt.paidAt, now);
  return { path, gatewayState: path === 'gateway' ? 'to_request' : null, receiptId: receipt.id };
}

/**
 * The payment that paid a booking (its confirming receipt, with the attempt's method): what a cancellation's refund
 * goes back through. None for a booking paid before receipts were kept.
 */
export async function bookingPayment(
  tx: Database,
  bookingId: string,
): Promise<{ id: string; method: PaymentMethod; paidAt: Date } | undefined> {
  const [receipt] = await tx
    .select({ id: paymentReceipts.id, method: payments.method, paidAt: paymentReceipts.paidAt })
    .from(paymentReceipts)
    .innerJoin(payments, eq(payments.id, paymentReceipts.paymentId))
    .where(and(eq(payments.bookingId, bookingId), eq(paymentReceipts.outcome, 'confirmed')))
    .limit(1);
  return receipt;
}

/** How a cancellation's refund of this booking goes back, decided at `now`: a transfer unless the gateway can. */
export async function cancellationRefundRoute(
  tx: Database,
  bookingId: string,
  now: Date,
): Promise<RefundRoute> {
  const paid = await bookingPayment(tx, bookingId);
  return paid ? refundRoute(paid, now) : { path: 'bank_transfer', gatewayState: null, receiptId: null };
}

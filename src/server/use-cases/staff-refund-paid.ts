import { localizePath } from '../../i18n/locales.ts';
import { refundPaidSchema, type RefundPaidInput } from '../../schemas/staff-booking.ts';
import { refuse } from '../validation-errors.ts';
import { refundAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { markRefundPaid } from './refund-queue.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/** An admin marks a refund paid with the bank's transfer reference: it leaves the queue, the traveller is e-mailed. */
async function refundPaid(ctx: UseCaseContext, input: RefundPaidInput & { refundId: string }): Promise<void> {
  staffOf(ctx, 'admin');
  const outcome = await markRefundPaid({ ...ctx, by: ctx.actor }, input.refundId, input.reference);
  if (outcome === 'unknown') throw refuse('refund', 'staff_refund_not_found');
  if (outcome === 'already_paid') throw refuse('refund', 'staff_refund_already_paid');
  if (outcome === 'at_gateway') throw refuse('refund', 'staff_refund_at_gateway');
  ctx.afterCommit(ctx.wakeMail);
}

/** Use case: mark a refund paid (admin), from the console's refund queue. */
export const staffRefundPaid = defineUseCase({
  name: 'staff-refund-paid',
  input: refundPaidSchema,
  address: refundAddress,
  run: refundPaid,
  route: { method: 'POST', path: '/staff/refunds/:id/payment', caller: 'staff', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/refunds', ctx.locale)}?paid` },
  refusals: [401, 403, 404, 409],
});

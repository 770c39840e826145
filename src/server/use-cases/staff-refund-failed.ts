import { localizePath } from '../../i18n/locales.ts';
import { refundFailedSchema, type RefundFailedInput } from '../../schemas/staff-booking.ts';
import { refuse } from '../validation-errors.ts';
import { refundAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { markRefundFailed } from './refund-queue.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/** An admin records that a refund's transfer came back: it stays owed, marked failed, until paid to another account. */
async function refundFailed(
  ctx: UseCaseContext,
  input: RefundFailedInput & { refundId: string },
): Promise<void> {
  staffOf(ctx, 'admin');
  const outcome = await markRefundFailed({ ...ctx, by: ctx.actor }, input.refundId, input.reason);
  if (outcome === 'unknown') throw refuse('refund', 'staff_refund_not_found');
  if (outcome === 'already_paid') throw refuse('refund', 'staff_refund_already_paid');
}

/** Use case: a refund's transfer failed (admin), from the console's refund queue. */
export const staffRefundFailed = defineUseCase({
  name: 'staff-refund-failed',
  input: refundFailedSchema,
  address: refundAddress,
  run: refundFailed,
  route: { method: 'POST', path: '/staff/refunds/:id/failure', caller: 'staff', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/refunds', ctx.locale)}?failed` },
  refusals: [401, 403, 404, 409],
});

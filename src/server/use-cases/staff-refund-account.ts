import { localizePath } from '../../i18n/locales.ts';
import { refundAccountSchema, type RefundAccountInput } from '../../schemas/staff-booking.ts';
import { refuse } from '../validation-errors.ts';
import { refundAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { setRefundAccount } from './refund-queue.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/** An admin records the account an owed refund goes to, as the traveller gave it: due again, in the next bank file. */
async function refundAccount(
  ctx: UseCaseContext,
  input: RefundAccountInput & { refundId: string },
): Promise<void> {
  staffOf(ctx, 'admin');
  const outcome = await setRefundAccount({ ...ctx, by: ctx.actor }, input.refundId, input);
  if (outcome === 'unknown') throw refuse('refund', 'staff_refund_not_found');
  if (outcome === 'already_paid') throw refuse('refund', 'staff_refund_already_paid');
}

/** Use case: give an owed refund the account it goes to (admin), from the console's refund queue. */
export const staffRefundAccount = defineUseCase({
  name: 'staff-refund-account',
  input: refundAccountSchema,
  address: refundAddress,
  run: refundAccount,
  route: { method: 'PUT', path: '/staff/refunds/:id/account', caller: 'staff', status: 204 },
  form: { next: (_done, ctx) => `${localizePath('/staff/refunds', ctx.locale)}?account-set` },
  refusals: [401, 403, 404, 409],
});

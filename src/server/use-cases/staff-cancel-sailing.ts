import { localizePath } from '../../i18n/locales.ts';
import { operatorCancellationSchema, type OperatorCancellationInput } from '../../schemas/staff-sailing.ts';
import { refuse } from '../validation-errors.ts';
import { sailingAddress } from './addresses.ts';
import { cancelSailing } from './cancel-sailing.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

type Input = OperatorCancellationInput & { sailingId: string };

/** What the console says when the cancellation did not happen. */
const refusals = {
  unknown: 'staff_sailing_not_found',
  already_cancelled: 'staff_sailing_already_cancelled',
  departed: 'staff_sailing_departed',
  stale: 'staff_operator_stale',
} as const;

/**
 * An admin records the operator's cancellation of a sailing, with the operator's reason in both languages, after
 * reading its dry run (the sailing page: travellers, bookings, refunds and their total). The work is cancelSailing's:
 * closed to sale and every booking still on it mailed once, under the sailing's lock that check-ins share. Under
 * that lock too: a sailing that has left is refused, and so is a cancellation whose dry run no longer holds (someone
 * booked, checked in or cancelled since the admin read it: `expected` travellers).
 */
async function cancelFromConsole(ctx: UseCaseContext, input: Input): Promise<{ bookingsTold: number }> {
  staffOf(ctx, 'admin');
  const result = await cancelSailing(
    ctx.db,
    input.sailingId,
    ctx.actor,
    { en: input.noticeEn, id: input.noticeId },
    { clock: ctx.clock, travellers: input.expected },
  );
  if (result.outcome !== 'cancelled') throw refuse('sailing', refusals[result.outcome]);
  ctx.afterCommit(ctx.wakeMail);
  return { bookingsTold: result.bookingsTold };
}

/** Use case: cancel a sailing for its operator (an admin, from the sailing's console page, after the dry run). */
export const staffCancelSailing = defineUseCase({
  name: 'staff-cancel-sailing',
  input: operatorCancellationSchema,
  address: sailingAddress,
  run: cancelFromConsole,
  route: {
    method: 'POST',
    path: '/staff/sailings/:id/cancellation',
    caller: 'staff',
    answer: (done) => ({ bookingsTold: done.bookingsTold }),
  },
  form: {
    next: (done, ctx, input) =>
      `${localizePath(`/staff/sailings/${input.sailingId}`, ctx.locale)}?cancelled=${String(done.bookingsTold)}`,
  },
  refusals: [401, 403, 404, 409, 422],
});

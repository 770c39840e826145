import { eq } from 'drizzle-orm';
import { localizePath } from '../../i18n/locales.ts';
import { operatorCancellationSchema, type OperatorCancellationInput } from '../../schemas/staff-sailing.ts';
import { sailings } from '../db/schema/network.ts';
import { refuse } from '../validation-errors.ts';
import { sailingAddress } from './addresses.ts';
import { cancelSailing } from './cancel-sailing.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

type Input = OperatorCancellationInput & { sailingId: string };

/**
 * An admin records the operator's cancellation of a sailing, with the operator's reason in both languages, after
 * reading its dry run (the sailing page: travellers, bookings, refunds and their total). The work is cancelSailing's:
 * closed to sale and every booking still on it mailed once, under the sailing's lock that check-ins share. A sailing
 * that has left cannot be cancelled from here.
 */
async function cancelFromConsole(ctx: UseCaseContext, input: Input): Promise<{ bookingsTold: number }> {
  staffOf(ctx, 'admin');
  const [sailing] = await ctx.db
    .select({ departsAt: sailings.departsAt })
    .from(sailings)
    .where(eq(sailings.id, input.sailingId));
  if (!sailing) throw refuse('sailing', 'staff_sailing_not_found');
  if (sailing.departsAt <= ctx.clock()) throw refuse('sailing', 'staff_sailing_departed');
  const result = await cancelSailing(ctx.db, input.sailingId, ctx.actor, {
    en: input.noticeEn,
    id: input.noticeId,
  });
  if (result.outcome === 'unknown') throw refuse('sailing', 'staff_sailing_not_found');
  if (result.outcome === 'already_cancelled') throw refuse('sailing', 'staff_sailing_already_cancelled');
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

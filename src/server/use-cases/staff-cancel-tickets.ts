import { staffCancellationRole } from '../../domain/staff-actions.ts';
import { localizePath } from '../../i18n/locales.ts';
import { staffCancellationSchema, type StaffCancellationInput } from '../../schemas/staff-booking.ts';
import { bookingAddress } from './addresses.ts';
import { cancelTickets, type Cancelled } from './cancel-tickets.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * The agency cancels tickets for a traveller who asked by phone or at the counter: the traveller's own cancellation
 * (the same offer, locks, refund queue and mail), with the fee, or without it when an admin waives it; audited with
 * the reason and whether the fee was waived.
 */
async function staffCancel(
  ctx: UseCaseContext,
  input: StaffCancellationInput & { bookingId: string },
): Promise<Cancelled> {
  const staff = staffOf(ctx, staffCancellationRole(input.waiveFee));
  const cancelled = await cancelTickets(
    ctx,
    { ...input, agree: true },
    { staffId: staff.staffId, reason: input.reason, waiveFee: input.waiveFee },
  );
  ctx.afterCommit(ctx.wakeMail);
  return cancelled;
}

/** Use case: cancel tickets of a booking from the console (an agent; an admin to waive the fee). */
export const staffCancelTickets = defineUseCase({
  name: 'staff-cancel-tickets',
  input: staffCancellationSchema,
  address: bookingAddress,
  run: staffCancel,
  route: { method: 'POST', path: '/staff/bookings/:id/cancellation', caller: 'staff' },
  form: {
    next: (_done, ctx, input) =>
      `${localizePath(`/staff/bookings/${input.bookingId}`, ctx.locale)}?tickets-cancelled`,
  },
  refusals: [401, 403, 404, 409, 422],
});

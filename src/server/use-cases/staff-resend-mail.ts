import { eq } from 'drizzle-orm';
import { resendRefusal } from '../../domain/staff-actions.ts';
import { localizePath } from '../../i18n/locales.ts';
import { resendMailSchema, type ResendMailInput } from '../../schemas/staff-booking.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookings } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { bookingAddress } from './addresses.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';
import type { UseCaseContext } from './context.ts';

/**
 * An agent sends a booking's e-tickets or a leg's boarding passes again (the traveller lost the mail, or it went to
 * spam): queued as the booking is now, so a pass re-issued since goes out, not the old one. Audited with the reason.
 */
async function resend(ctx: UseCaseContext, input: ResendMailInput & { bookingId: string }): Promise<void> {
  const agent = staffOf(ctx, 'agent');
  const now = ctx.clock();
  await lockingTransaction(ctx.db, async (tx) => {
    const [booking] = await tx
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for('update');
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    const rows = await tx
      .select({ leg: tickets.leg, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.bookingId, input.bookingId));
    const refusal = resendRefusal(input.mail, booking, rows);
    if (refusal) throw refuse('mail', `staff_resend_${refusal}`);
    await queueCurrentStateMail(tx, input.bookingId, input.mail);
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: agent.staffId },
      action: 'booking.mail_resent',
      subject: { type: 'booking', id: input.bookingId },
      bookingId: input.bookingId,
      reason: input.reason,
      after: { mail: input.mail },
      at: now,
    });
  });
  ctx.afterCommit(ctx.wakeMail);
}

/** Use case: send a booking's e-tickets or boarding passes again (an agent, from the booking's console page). */
export const staffResendMail = defineUseCase({
  name: 'staff-resend-mail',
  input: resendMailSchema,
  address: bookingAddress,
  run: resend,
  route: { method: 'POST', path: '/staff/bookings/:id/mails', caller: 'staff', status: 202 },
  form: {
    next: (_done, ctx, input) =>
      `${localizePath(`/staff/bookings/${input.bookingId}`, ctx.locale)}?resent=${input.mail}`,
  },
  refusals: [401, 403, 404, 409],
});

import { eq } from 'drizzle-orm';
import { localizePath } from '../../i18n/locales.ts';
import { correctContactSchema, type CorrectContactInput } from '../../schemas/staff-booking.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookings } from '../db/schema/bookings.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/**
 * An agent corrects a booking's contact e-mail or phone (a typo at booking, a new number): the booking's mails go
 * to the new address from now on, which is told; a changed address's previous one is told too (the change masked),
 * so a change the traveller never asked for does not pass unnoticed. Audited with the reason.
 */
async function correctContact(
  ctx: UseCaseContext,
  input: CorrectContactInput & { bookingId: string },
): Promise<void> {
  const agent = staffOf(ctx, 'agent');
  const now = ctx.clock();
  const email = input.email.toLowerCase(); // stored lower-cased, as the booking flow stores it (My booking finds it so)
  await lockingTransaction(ctx.db, async (tx) => {
    const [booking] = await tx
      .select({ contactEmail: bookings.contactEmail, contactPhone: bookings.contactPhone })
      .from(bookings)
      .where(eq(bookings.id, input.bookingId))
      .for('update');
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    if (!booking.contactEmail) throw refuse('contact', 'staff_contact_none');
    if (booking.contactEmail === email && booking.contactPhone === input.phone)
      throw refuse('contact', 'staff_contact_unchanged');
    await tx
      .update(bookings)
      .set({ contactEmail: email, contactPhone: input.phone, updatedAt: now })
      .where(eq(bookings.id, input.bookingId));
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: agent.staffId },
      action: 'booking.contact_corrected',
      subject: { type: 'booking', id: input.bookingId },
      bookingId: input.bookingId,
      reason: input.reason,
      before: { email: booking.contactEmail, phone: booking.contactPhone },
      after: { email, phone: input.phone },
      at: now,
    });
    await queueCurrentStateMail(tx, input.bookingId, 'contact_changed');
    if (booking.contactEmail !== email)
      await queueCurrentStateMail(tx, input.bookingId, 'contact_changed_previous', booking.contactEmail);
  });
  ctx.afterCommit(ctx.wakeMail);
}

/** Use case: correct a booking's contact e-mail or phone (an agent, from the booking's console page). */
export const staffCorrectContact = defineUseCase({
  name: 'staff-correct-contact',
  input: correctContactSchema,
  address: bookingAddress,
  run: correctContact,
  route: { method: 'PUT', path: '/staff/bookings/:id/contact', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) =>
      `${localizePath(`/staff/bookings/${input.bookingId}`, ctx.locale)}?contact-corrected`,
  },
  refusals: [401, 403, 404, 409, 422],
});

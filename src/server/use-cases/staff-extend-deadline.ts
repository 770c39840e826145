import { and, eq, isNotNull, min } from 'drizzle-orm';
import {
  extendedPaymentDeadline,
  holdIsLive,
  paymentExtensionRefusal,
} from '../../domain/booking-lifecycle.ts';
import { localizePath } from '../../i18n/locales.ts';
import { staffReasonSchema, type StaffReasonInput } from '../../schemas/staff-booking.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { lockLedgerRowsOf, lockSailingsOfBooking } from '../db/queries/inventory.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookingLegs, bookings } from '../db/schema/bookings.ts';
import { sailings } from '../db/schema/network.ts';
import { payments } from '../db/schema/payments.ts';
import type { AttemptRef } from '../payments/gateway.ts';
import { writeAudit } from '../services/audit.ts';
import { refuse } from '../validation-errors.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

/** What the extension will do, decided under the booking's lock before the gateway is asked. */
interface Plan {
  account: AttemptRef;
  paymentId: string;
  from: Date;
  to: Date;
}

async function plan(ctx: UseCaseContext, bookingId: string): Promise<Plan> {
  return lockingTransaction(ctx.db, async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    const refusal = paymentExtensionRefusal(booking, ctx.clock());
    if (refusal) throw refuse('booking', `staff_extend_${refusal}`);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'pending')));
    if (!payment?.gatewayAccountId || !booking.expiresAt)
      throw refuse('booking', 'staff_extend_not_awaiting');
    const [first] = await tx
      .select({ departsAt: min(sailings.departsAt) })
      .from(bookingLegs)
      .innerJoin(sailings, eq(sailings.id, bookingLegs.sailingId))
      .where(and(eq(bookingLegs.bookingId, bookingId), isNotNull(bookingLegs.sailingId)));
    const to = extendedPaymentDeadline(booking.expiresAt, first?.departsAt ?? undefined);
    if (!to) throw refuse('booking', 'staff_extend_too_close');
    return {
      account: {
        gatewayAccountId: payment.gatewayAccountId,
        externalId: payment.externalId,
        method: payment.method,
      },
      paymentId: payment.id,
      from: booking.expiresAt,
      to,
    };
  });
}

/**
 * An agent extends a booking's payment deadline once, by an hour (never past the booking cutoff), for a traveller
 * whose transfer is slow. Decided under the booking's lock; the gateway moves the VA's expiry (no network call in a
 * transaction); then, under the sailings', the booking's and its seats' locks (docs/decisions/0001), the new
 * deadline is written only if nothing moved meanwhile (paid, lapsed, or extended by another agent), so a deadline
 * is extended once, and the traveller is sent the payment instructions with it. Audited with the reason.
 */
async function extendDeadline(ctx: UseCaseContext, input: StaffReasonInput & { bookingId: string }) {
  const agent = staffOf(ctx, 'agent');
  const { bookingId } = input;
  const planned = await plan(ctx, bookingId);
  if ((await ctx.gateway.extendAttempt(planned.account, planned.to)) === 'inactive')
    throw refuse('booking', 'staff_extend_not_awaiting');
  const applied = await lockingTransaction(ctx.db, async (tx) => {
    await lockSailingsOfBooking(tx, bookingId);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    await lockLedgerRowsOf(tx, [bookingId]);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, planned.paymentId))
      .for('update');
    const now = ctx.clock();
    const unchanged =
      booking?.status === 'awaiting_payment' &&
      booking.paymentExtendedAt === null &&
      booking.expiresAt?.getTime() === planned.from.getTime() &&
      holdIsLive(booking, now) &&
      payment?.status === 'pending';
    // Extended by another agent meanwhile: theirs stands. Anything else (paid, lapsed): the VA must not outlive it.
    if (!unchanged) return booking?.paymentExtendedAt ? 'kept' : 'moved';
    // The expiry write moves the booking's seats in the ledger (triggers), under the ledger locks taken above.
    await tx
      .update(bookings)
      .set({ expiresAt: planned.to, paymentExtendedAt: now, updatedAt: now })
      .where(eq(bookings.id, bookingId));
    await tx.update(payments).set({ expiresAt: planned.to }).where(eq(payments.id, planned.paymentId));
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: agent.staffId },
      action: 'booking.deadline_extended',
      subject: { type: 'booking', id: bookingId },
      bookingId,
      reason: input.reason,
      before: { expiresAt: planned.from },
      after: { expiresAt: planned.to },
      at: now,
    });
    await queueCurrentStateMail(tx, bookingId, 'booking_created');
    return 'extended';
  });
  if (applied === 'moved') {
    // Paid or lapsed while the gateway answered: its VA takes no more than the booking allows (a paid one answers
    // that it is inactive already; a failure is left to the closing job's sweep).
    await ctx.gateway.closeAttempt(planned.account).catch(() => undefined);
    throw refuse('booking', 'staff_extend_not_awaiting');
  }
  if (applied === 'kept') throw refuse('booking', 'staff_extend_already_extended');
  ctx.afterCommit(ctx.wakeMail);
}

/** Use case: extend a booking's payment deadline once (an agent, from the booking's console page). */
export const staffExtendDeadline = defineUseCase({
  name: 'staff-extend-deadline',
  input: staffReasonSchema,
  address: bookingAddress,
  run: extendDeadline,
  route: { method: 'POST', path: '/staff/bookings/:id/deadline', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) =>
      `${localizePath(`/staff/bookings/${input.bookingId}`, ctx.locale)}?deadline-extended`,
  },
  refusals: [401, 403, 404, 409, 503],
});

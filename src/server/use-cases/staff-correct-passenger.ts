import { and, eq } from 'drizzle-orm';
import { passengerCorrectionRefusal, resendRefusal } from '../../domain/staff-actions.ts';
import { birthDateProblem } from '../../domain/passengers.ts';
import { passportProblems } from '../../domain/passport.ts';
import { localizePath } from '../../i18n/locales.ts';
import { correctPassengerSchema, type CorrectPassengerInput } from '../../schemas/staff-booking.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { queueCurrentStateMail } from '../db/queries/queue-mail.ts';
import { bookingTravelDates } from '../db/queries/travel-dates.ts';
import { lockedPassenger } from '../db/queries/locked-passenger.ts';
import { bookingPassengers } from '../db/schema/bookings.ts';
import { tickets } from '../db/schema/payments.ts';
import { writeAudit } from '../services/audit.ts';
import { Refused, refuse, type ErrorKeys } from '../validation-errors.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

type Input = CorrectPassengerInput & { bookingId: string };

/**
 * An agent corrects a passenger's name spelling or passport data as the passport shows it, before they check in (a
 * boarding pass already carries the name the gate reads). The passport rules of the booking's own dates apply, as in
 * the booking flow; a paid booking's e-tickets go out again with the corrected data. Audited with the reason, the
 * passport number masked.
 */
async function correctPassenger(ctx: UseCaseContext, input: Input): Promise<void> {
  const agent = staffOf(ctx, 'agent');
  const now = ctx.clock();
  await lockingTransaction(ctx.db, async (tx) => {
    const { booking, passenger, where } = await lockedPassenger(tx, input.bookingId, input.position);
    const ticketRows = await tx
      .select({ status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.bookingId, input.bookingId), eq(tickets.position, input.position)));
    const refusal = passengerCorrectionRefusal(ticketRows);
    if (refusal) throw refuse('passenger', `staff_correct_${refusal}`);
    const { today, dates, last } = await bookingTravelDates(tx, ctx.network, input.bookingId, now);
    const errors: ErrorKeys = {};
    const at = (field: string) => (errors[field] ??= []);
    const passport = { issued: input.passportIssued, expiry: input.passportExpiry };
    for (const problem of passportProblems(passport, today, last))
      at(problem.field).push({ key: problem.key });
    const birth = birthDateProblem(input.dateOfBirth, passenger.category, dates, today);
    if (birth) at('dateOfBirth').push({ key: birth });
    if (Object.keys(errors).length > 0) throw new Refused(400, errors);

    const corrected = {
      fullName: input.fullName,
      dateOfBirth: input.dateOfBirth,
      passportNumber: input.passportNumber,
      passportCountry: input.passportCountry,
      passportIssued: input.passportIssued,
      passportExpiry: input.passportExpiry,
    };
    await tx.update(bookingPassengers).set(corrected).where(where);
    const { fullName, dateOfBirth, passportNumber, passportCountry, passportIssued, passportExpiry } =
      passenger;
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: agent.staffId },
      action: 'booking.passenger_corrected',
      subject: { type: 'booking', id: input.bookingId },
      bookingId: input.bookingId,
      reason: input.reason,
      before: {
        position: input.position,
        fullName,
        dateOfBirth,
        passportNumber,
        passportCountry,
        passportIssued,
        passportExpiry,
      },
      after: { position: input.position, ...corrected },
      at: now,
    });
    // The corrected e-tickets go out again, unless there is nothing left to travel on (resend's own rule).
    const allTickets = await tx
      .select({ leg: tickets.leg, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.bookingId, input.bookingId));
    if (!resendRefusal('booking_paid', booking, allTickets))
      await queueCurrentStateMail(tx, input.bookingId, 'booking_paid');
  });
  ctx.afterCommit(ctx.wakeMail);
}

/** Use case: correct a passenger's name or passport before check-in (an agent, from the booking's console page). */
export const staffCorrectPassenger = defineUseCase({
  name: 'staff-correct-passenger',
  input: correctPassengerSchema,
  address: bookingAddress,
  run: correctPassenger,
  route: { method: 'PUT', path: '/staff/bookings/:id/passengers', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) =>
      `${localizePath(`/staff/bookings/${input.bookingId}`, ctx.locale)}?corrected`,
  },
  refusals: [401, 403, 404, 409],
});

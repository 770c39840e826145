import { localizePath } from '../../i18n/locales.ts';
import { staffTravelDocumentSchema, type StaffTravelDocumentInput } from '../../schemas/staff-sailing.ts';
import { lockingTransaction } from '../db/conflicts.ts';
import { lockedPassenger } from '../db/queries/locked-passenger.ts';
import { bookingPassengers } from '../db/schema/bookings.ts';
import { writeAudit } from '../services/audit.ts';
import { keepTravelDocument } from '../services/travel-documents.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { staffOf } from './staff-actor.ts';
import { defineUseCase } from './use-case.ts';

type Input = StaffTravelDocumentInput & { bookingId: string };

/**
 * An agent adds a passenger's nationality and sex at the counter, read from the passport in hand: what the manifest
 * needs and online check-in did not get (a counter check-in, a booking checked in through the API). Nothing the
 * traveller was sent shows them, so no mail; kept in the account's saved passenger of that passport too.
 */
async function addTravelDocument(ctx: UseCaseContext, input: Input): Promise<void> {
  const agent = staffOf(ctx, 'agent');
  await lockingTransaction(ctx.db, async (tx) => {
    const { booking, passenger, where } = await lockedPassenger(tx, input.bookingId, input.position);
    const added = { nationality: input.nationality, sex: input.sex };
    await tx.update(bookingPassengers).set(added).where(where);
    await keepTravelDocument(tx, booking.userId, passenger.passportNumber, added);
    await writeAudit(tx, {
      by: { kind: 'staff', staffId: agent.staffId },
      action: 'booking.travel_document_added',
      subject: { type: 'booking', id: input.bookingId },
      bookingId: input.bookingId,
      before: { position: input.position, nationality: passenger.nationality, sex: passenger.sex },
      after: { position: input.position, ...added },
      at: ctx.clock(),
    });
  });
}

/** Use case: add a passenger's nationality and sex for the manifest (an agent, from the sailing's console page). */
export const staffTravelDocument = defineUseCase({
  name: 'staff-travel-document',
  input: staffTravelDocumentSchema,
  address: bookingAddress,
  run: addTravelDocument,
  route: { method: 'PUT', path: '/staff/bookings/:id/travel-document', caller: 'staff', status: 204 },
  form: {
    next: (_done, ctx, input) =>
      input.sailing
        ? `${localizePath(`/staff/sailings/${input.sailing}`, ctx.locale)}?added`
        : `${localizePath(`/staff/bookings/${input.bookingId}`, ctx.locale)}?added`,
  },
  refusals: [401, 403, 404],
});

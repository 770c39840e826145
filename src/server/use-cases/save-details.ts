import { holdIsLive } from '../../domain/booking-lifecycle.ts';
import { eq } from 'drizzle-orm';
import { birthDateProblem, passengerCategories, type PassengerCategory } from '../../domain/passengers.ts';
import { passportProblems } from '../../domain/passport.ts';
import { bookingDetailsSchema, type BookingDetails } from '../../schemas/booking-details.ts';
import type { Database } from '../db/client.ts';
import { bookingTravelDates } from '../db/queries/travel-dates.ts';
import { bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { copySavedTravelDocuments } from '../services/travel-documents.ts';
import type { Network } from '../network.ts';
import { Refused, refuse, type ErrorKeys } from '../validation-errors.ts';
import { provenAddressOf } from '../services/account-bookings.ts';
import { localizePath } from '../../i18n/locales.ts';
import { bookingAddress } from './addresses.ts';
import type { UseCaseContext } from './context.ts';
import { defineUseCase } from './use-case.ts';
import { keepInPassengerList } from './save-passenger.ts';

interface Context {
  db: Database;
  network: Network;
  now: Date;
  /** A logged-in account holder's booking becomes theirs (My booking), unless it is someone's already. */
  accountId: string | undefined;
  /** This browser made the hold (its hold cookie names the booking). */
  heldHere: boolean;
}

/** Adults first, then children, then infants: the category of each position in the party. */
function categories(counts: Record<PassengerCategory, number>): PassengerCategory[] {
  return passengerCategories.flatMap((category) => Array<PassengerCategory>(counts[category]).fill(category));
}

/**
 * Saves the contact person and the passengers of a held booking (the booking flow's first steps), so progress
 * survives a reload and another device. Only a live hold can change; passports must satisfy the rules for the
 * booking's own dates. Saved by a logged-in account holder, the booking is attached to their account, and the
 * passengers they ticked join their Passenger list.
 */
async function saveBookingDetails(id: string, details: BookingDetails, context: Context): Promise<void> {
  await context.db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, id)).for('update');
    if (!booking) throw refuse('booking', 'api_booking_not_found');
    if (booking.status !== 'held' || !holdIsLive(booking, context.now))
      throw refuse('booking', 'booking_error_not_editable');
    const party = categories({ adult: booking.adults, child: booking.children, infant: booking.infants });
    if (details.passengers.length !== party.length)
      throw refuse('passengers', 'booking_error_passenger_count', { count: party.length });
    const { today, dates, last } = await bookingTravelDates(tx, context.network, id, context.now);
    const errors: ErrorKeys = {};
    details.passengers.forEach((passenger, index) => {
      const at = (field: string) => (errors[`passengers.${String(index)}.${field}`] ??= []);
      const passport = { issued: passenger.passportIssued, expiry: passenger.passportExpiry };
      for (const problem of passportProblems(passport, today, last))
        at(problem.field).push({ key: problem.key });
      const birth = birthDateProblem(passenger.dateOfBirth, party[index] ?? 'adult', dates, today);
      if (birth) at('dateOfBirth').push({ key: birth });
    });
    if (Object.keys(errors).length > 0) throw new Refused(400, errors);

    const owner = booking.userId ?? (await newOwner(tx, context, details.contact.email)) ?? null;
    await tx
      .update(bookings)
      .set({
        contactName: details.contact.fullName,
        contactEmail: details.contact.email.toLowerCase(),
        contactPhone: details.contact.phone,
        userId: owner,
        updatedAt: context.now,
      })
      .where(eq(bookings.id, id));
    await tx.delete(bookingPassengers).where(eq(bookingPassengers.bookingId, id));
    await tx.insert(bookingPassengers).values(
      details.passengers.map((passenger, position) => ({
        bookingId: id,
        position,
        category: party[position] ?? 'adult',
        fullName: passenger.fullName,
        dateOfBirth: passenger.dateOfBirth,
        passportNumber: passenger.passportNumber,
        passportIssued: passenger.passportIssued,
        passportExpiry: passenger.passportExpiry,
        passportCountry: passenger.passportCountry,
      })),
    );
    // The account's saved passengers bring the nationality and sex an earlier check-in kept: the manifest has them.
    await copySavedTravelDocuments(tx, id, owner);
    if (context.accountId && details.saveToList?.length) {
      const chosen = details.passengers.filter((_, position) => details.saveToList?.includes(position));
      await keepInPassengerList(tx, context.accountId, chosen, context.now);
    }
  });
}

/**
 * Who the booking becomes the account of, when it has none: the logged-in holder, if this browser made the hold or
 * the contact address is the holder's proven own. A booking's link alone never makes it theirs: the link travels in
 * every e-mail, and an account that owns a booking may cancel it with a refund to any bank account.
 */
async function newOwner(tx: Database, context: Context, contactEmail: string): Promise<string | undefined> {
  if (!context.accountId) return undefined;
  if (context.heldHere) return context.accountId;
  const address = await provenAddressOf(tx, context.accountId);
  return address === contactEmail.toLowerCase() ? context.accountId : undefined;
}

/** Use case: save the contact person and passengers of a held booking (204), or say which fields are wrong. */
export const saveDetails = defineUseCase({
  name: 'save-details',
  input: bookingDetailsSchema,
  address: bookingAddress,
  run(ctx: UseCaseContext, { bookingId, ...details }: BookingDetails & { bookingId: string }): Promise<void> {
    return saveBookingDetails(bookingId, details, {
      db: ctx.db,
      network: ctx.network,
      now: ctx.clock(),
      accountId: ctx.actor.kind === 'account' ? ctx.actor.userId : undefined,
      heldHere: ctx.access.heldHere === bookingId,
    });
  },
  route: { method: 'PUT', path: '/bookings/:id/details', caller: 'guest-or-holder', status: 204 },
  form: { next: (_saved, ctx, input) => localizePath(`/booking/${input.bookingId}/payment`, ctx.locale) },
  refusals: [404, 409, 422],
  fullPaths: true,
});

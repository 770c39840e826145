import { asc, eq } from 'drizzle-orm';
import { BOOKING_ID_PATTERN } from '../../domain/booking-code.ts';
import { bookingPassengers, bookings } from '../db/schema/bookings.ts';
import { payments } from '../db/schema/payments.ts';
import { Refused } from '../validation-errors.ts';
import type { UseCaseContext } from './context.ts';
import { saveDetails } from './save-details.ts';

/**
 * A new hold from the same browser takes over what was typed on its previous one (the traveller went back and
 * chose again, or held the same sailings again after the time ran out): the contact person and the passengers, when
 * the party is the same. Saved through `saveDetails`, so the new booking's own dates check the passports; anything
 * it refuses is simply left for the traveller to type again. Answers whether the details were carried.
 */
async function carry(ctx: UseCaseContext, from: string, to: string): Promise<boolean> {
  // The id comes from a cookie: anything not shaped like one (even a NUL byte) never reaches a query.
  if (!BOOKING_ID_PATTERN.test(from) || from === to) return false;
  const [source] = await ctx.db.select().from(bookings).where(eq(bookings.id, from));
  const [target] = await ctx.db.select().from(bookings).where(eq(bookings.id, to));
  if (!source || !target) return false;
  // The hold cookie is a plain id anyone can set. Only a hold that never reached payment carries: its id was never
  // e-mailed (the payment instructions and the e-tickets are), so only the browser that made it knows it; a
  // forwarded e-mail's link must not pour its travellers' passports into a stranger's new hold.
  if (source.status !== 'held' && source.status !== 'expired') return false;
  const [attempt] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.bookingId, from))
    .limit(1);
  if (attempt) return false;
  const sameParty =
    source.adults === target.adults &&
    source.children === target.children &&
    source.infants === target.infants;
  if (!sameParty || !source.contactName || !source.contactEmail || !source.contactPhone) return false;
  const passengers = await ctx.db
    .select()
    .from(bookingPassengers)
    .where(eq(bookingPassengers.bookingId, from))
    .orderBy(asc(bookingPassengers.position));
  if (passengers.length !== source.adults + source.children + source.infants) return false;
  const complete = passengers.flatMap(
    ({ dateOfBirth, passportNumber, passportIssued, passportExpiry, ...passenger }) =>
      dateOfBirth && passportNumber && passportIssued && passportExpiry
        ? [{ ...passenger, dateOfBirth, passportNumber, passportIssued, passportExpiry }]
        : [],
  );
  if (complete.length !== passengers.length) return false;
  try {
    await saveDetails.run(ctx, {
      bookingId: to,
      contact: { fullName: source.contactName, email: source.contactEmail, phone: source.contactPhone },
      passengers: complete.map((passenger) => ({
        fullName: passenger.fullName,
        dateOfBirth: passenger.dateOfBirth,
        passportNumber: passenger.passportNumber,
        passportIssued: passenger.passportIssued,
        passportExpiry: passenger.passportExpiry,
        passportCountry: passenger.passportCountry,
      })),
    });
    return true;
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}

/** Use case: carry the previous hold's saved details over to the new hold of the same browser. */
export const carryDetails = {
  run(ctx: UseCaseContext, input: { from: string; to: string }): Promise<boolean> {
    return carry(ctx, input.from, input.to);
  },
};

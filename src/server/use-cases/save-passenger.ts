import { and, count, eq } from 'drizzle-orm';
import { passportProblems } from '../../domain/passport.ts';
import { agencyToday } from '../../domain/agency.ts';
import type { PassengerDetails } from '../../schemas/booking-details.ts';
import { savedPassengers, users } from '../db/schema/accounts.ts';
import { Refused, refuse, type ErrorKeys } from '../validation-errors.ts';
import { accountOf } from './account-actor.ts';
import type { UseCaseContext } from './context.ts';

/** A Passenger list long enough for a big family and a tour leader's regulars, short enough to pick from. */
export const MAX_SAVED_PASSENGERS = 50;

/** A saved passenger's fields; `id` (from the address) names the one to change, absent for a new one. */
type SavePassengerInput = PassengerDetails & { id?: string };

/**
 * Adds a passenger to the account's Passenger list, or changes one. The passport rules of the booking flow, with
 * today as the last travel date (an expiry at least 6 months from today); a date of birth that has been.
 * Another account's passenger is "not found". Answers the passenger's id. The step of the add-passenger and
 * change-passenger use cases.
 */
export async function savePassenger(ctx: UseCaseContext, input: SavePassengerInput): Promise<{ id: string }> {
  const userId = accountOf(ctx);
  const now = ctx.clock();
  const today = agencyToday(now);
  const errors: ErrorKeys = {};
  for (const problem of passportProblems(
    { issued: input.passportIssued, expiry: input.passportExpiry },
    today,
    today,
  ))
    // Saved for no particular trip: the validity rule reads "from today", not "after your last sailing".
    (errors[problem.field] ??= []).push({
      key: problem.key === 'passport_error_validity' ? 'passenger_error_validity' : problem.key,
    });
  if (input.dateOfBirth > today || input.dateOfBirth < '1900-01-01')
    errors.dateOfBirth = [{ key: 'account_error_birth_date_future' }];
  if (Object.keys(errors).length > 0) throw new Refused(422, errors);
  const { id, ...passenger } = input;
  return ctx.db.transaction(async (tx) => {
    if (id) {
      const [changed] = await tx
        .update(savedPassengers)
        .set({ ...passenger, updatedAt: now })
        .where(and(eq(savedPassengers.id, id), eq(savedPassengers.userId, userId)))
        .returning({ id: savedPassengers.id });
      if (!changed) throw refuse('passenger', 'api_passenger_not_found');
      return changed;
    }
    // Concurrent adds of one account count one after another: the account's row is their lock.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    const [saved] = await tx
      .select({ total: count() })
      .from(savedPassengers)
      .where(eq(savedPassengers.userId, userId));
    if ((saved?.total ?? 0) >= MAX_SAVED_PASSENGERS)
      throw refuse('passenger', 'passenger_list_full', { max: MAX_SAVED_PASSENGERS });
    const [added] = await tx
      .insert(savedPassengers)
      .values({ ...passenger, userId, createdAt: now, updatedAt: now })
      .returning({ id: savedPassengers.id });
    if (!added) throw new Error('saved passenger not stored');
    return added;
  });
}

/**
 * Keeps a booking's passengers in the holder's Passenger list ("Save to my Passenger list" in the booking flow),
 * inside the booking's own transaction: a passenger already listed with that passport (number and country) is
 * brought up to date, others are added while the list has room (the booking itself never fails for a full list).
 * Their passports were just checked against the trip's dates, which the list's "from today" rule never exceeds.
 */
export async function keepInPassengerList(
  tx: Pick<UseCaseContext['db'], 'select' | 'insert' | 'update'>,
  userId: string,
  passengers: PassengerDetails[],
  now: Date,
): Promise<void> {
  // The account's row orders list changes; `no key update`, as the booking being saved holds a key-share lock on it.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const listed = await tx
    .select({
      id: savedPassengers.id,
      passportNumber: savedPassengers.passportNumber,
      passportCountry: savedPassengers.passportCountry,
    })
    .from(savedPassengers)
    .where(eq(savedPassengers.userId, userId));
  let room = MAX_SAVED_PASSENGERS - listed.length;
  for (const passenger of passengers) {
    const known = listed.find(
      (entry) =>
        entry.passportNumber === passenger.passportNumber &&
        entry.passportCountry === passenger.passportCountry,
    );
    if (known)
      await tx
        .update(savedPassengers)
        .set({ ...passenger, updatedAt: now })
        .where(eq(savedPassengers.id, known.id));
    else if (room > 0) {
      const [added] = await tx
        .insert(savedPassengers)
        .values({ ...passenger, userId, createdAt: now, updatedAt: now })
        .returning({ id: savedPassengers.id });
      if (added)
        listed.push({
          ...added,
          passportNumber: passenger.passportNumber,
          passportCountry: passenger.passportCountry,
        });
      room -= 1;
    }
  }
}

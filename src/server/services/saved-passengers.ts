import { asc, eq } from 'drizzle-orm';
import type { PassportSex } from '../../domain/passengers.ts';
import type { Database } from '../db/client.ts';
import { savedPassengers } from '../db/schema/accounts.ts';

/** One saved passenger as the Passenger list, its form and the booking flow's picker show it. */
export interface SavedPassenger {
  id: string;
  fullName: string;
  dateOfBirth: string;
  passportNumber: string;
  passportIssued: string;
  passportExpiry: string;
  passportCountry: string;
  /** Kept from the last online check-in of this passport (or the counter); null until then. */
  nationality: string | null;
  sex: PassportSex | null;
}

/** The account's saved passengers, by name. */
export async function savedPassengersOf(db: Database, userId: string): Promise<SavedPassenger[]> {
  return db
    .select({
      id: savedPassengers.id,
      fullName: savedPassengers.fullName,
      dateOfBirth: savedPassengers.dateOfBirth,
      passportNumber: savedPassengers.passportNumber,
      passportIssued: savedPassengers.passportIssued,
      passportExpiry: savedPassengers.passportExpiry,
      passportCountry: savedPassengers.passportCountry,
      nationality: savedPassengers.nationality,
      sex: savedPassengers.sex,
    })
    .from(savedPassengers)
    .where(eq(savedPassengers.userId, userId))
    .orderBy(asc(savedPassengers.fullName), asc(savedPassengers.createdAt));
}

/**
 * One of the account's saved passengers, by its id (a Passenger list form's address); undefined for another
 * account's passenger, an unknown id or one of another shape. The list is read whole: it is short (at most
 * MAX_SAVED_PASSENGERS), and an id that is not a UUID is then never cast by the database.
 */
export async function savedPassengerOf(
  db: Database,
  userId: string,
  id: string,
): Promise<SavedPassenger | undefined> {
  return (await savedPassengersOf(db, userId)).find((passenger) => passenger.id === id);
}
